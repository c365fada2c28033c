import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PublicAcademySettings } from '@academy/shared/schemas/settings';
import { publicSettingsQueryOptions } from './public-settings';
import { LANGUAGES } from '@academy/shared/languages';
import { isAppPath, localizedPath, stripLanguage } from './language-path';

export const SITE_NAME = 'Academy';

/** What search results and shared links show for a page that gives no description of its own. */
export const DEFAULT_DESCRIPTION =
  'Coaching in Latur for 9th to 12th: board exams, JEE and NEET, in small batches with weekly tests. See courses, apply for admission and sign in.';

/** The browser tab's text: "Courses | Shree Academy, Latur" (the academy's name from its settings), or the name alone. */
export function pageTitle(title: string, siteName: string = SITE_NAME): string {
  const trimmed = title.trim();
  return trimmed === '' || trimmed === SITE_NAME || trimmed === siteName ? siteName : `${trimmed} | ${siteName}`;
}

const selectName = (settings: PublicAcademySettings) => settings.name;

/**
 * The links that tell search engines a public page's addresses in each language (issue 20): the
 * canonical address of this one, an `alternate` per language and `x-default` (English). Signed-in
 * pages get none.
 */
export function languageLinks(origin: string, pathname: string): { rel: string; hreflang?: string; href: string }[] {
  if (isAppPath(pathname)) return [];
  const bare = stripLanguage(pathname);
  return [
    { rel: 'canonical', href: `${origin}${pathname}` },
    ...LANGUAGES.map((language) => ({ rel: 'alternate', hreflang: language, href: `${origin}${localizedPath(bare, language)}` })),
    { rel: 'alternate', hreflang: 'x-default', href: `${origin}${bare}` },
  ];
}

/** A page's title (as the tab shows it) and meta description. */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * On the server (entry-server.tsx) the page hands its title and description to this while it renders,
 * for the HTML head; effects never run there. In the browser there is no provider.
 */
export const PAGE_META_ON_SERVER = createContext<((meta: PageMeta) => void) | null>(null);

/**
 * Names the page in the browser tab and sets its meta description and language links. The one
 * description tag of index.html is updated in place, so the head never holds two.
 */
export function usePageMeta(title: string, description: string = DEFAULT_DESCRIPTION): void {
  // The same screen stays mounted when only the language prefix changes (`/courses` → `/mr/courses`).
  const { pathname } = useLocation();
  const tellServer = useContext(PAGE_META_ON_SERVER);
  // The academy's own name in the tab (its settings are on every page, rendered by the server too).
  const academyName = useQuery({ ...publicSettingsQueryOptions, select: selectName }).data?.trim() || SITE_NAME;
  const tabTitle = pageTitle(title, academyName);
  tellServer?.({ title: tabTitle, description });
  useEffect(() => {
    document.title = tabTitle;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
    for (const old of document.head.querySelectorAll('link[data-language-link]')) old.remove();
    for (const { rel, hreflang, href } of languageLinks(window.location.origin, pathname)) {
      const link = document.createElement('link');
      link.rel = rel;
      if (hreflang) link.hreflang = hreflang;
      link.href = href;
      link.dataset.languageLink = '';
      document.head.append(link);
    }
  }, [tabTitle, description, pathname]);
}
