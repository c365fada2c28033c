import { localizedPath } from './language-path';
import { useLanguage } from './language';

/** Public links keep the page's language: `lp('/courses')` is `/mr/courses` on a Marathi page. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(path, language);
}
