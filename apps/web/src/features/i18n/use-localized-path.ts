import { localizedPath } from '../../lib/language-path';
import { useLanguage } from '../../lib/language';

/** Public links keep the page's language: `lp('/courses')` is `/mr/courses` on a Marathi page. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(path, language);
}
