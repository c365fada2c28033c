import { useEffect } from 'react';

export const SITE_NAME = 'Academy';

/** What search results and shared links show for a page that gives no description of its own. */
export const DEFAULT_DESCRIPTION =
  'Coaching in Latur for 9th to 12th: board exams, JEE and NEET, in small batches with weekly tests. See courses, apply for admission and sign in.';

/** The browser tab's text: "Courses | Academy", or the site name alone. */
export function pageTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed === '' || trimmed === SITE_NAME ? SITE_NAME : `${trimmed} | ${SITE_NAME}`;
}

/**
 * Names the page in the browser tab and sets its meta description. The one description tag of
 * index.html is updated in place, so the head never holds two.
 */
export function usePageMeta(title: string, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    document.title = pageTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
