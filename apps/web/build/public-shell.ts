import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/** The app, which the entry (start.ts) imports when it starts it. */
const APP_MODULE = 'src/main.tsx';

/** The public site's screens and layout: what a visitor can open without signing in. */
const PUBLIC_MODULE = /^src\/(app\/routes\/public\/|app\/layouts\/public-layout)/;

/**
 * The app shell the service worker precaches: the entry, the app it starts (src/main.tsx, a dynamic
 * import of the entry, start.ts) and every public screen, with all the chunks and stylesheets they import
 * statically, read from Vite's manifest. Signed-in areas are left out (they are
 * cached on first use), so installing the app costs a visitor only the public site.
 */
export function publicShellFiles(distFolder: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(distFolder, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite's manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || key === APP_MODULE || PUBLIC_MODULE.test(key)) visit(key);
  return files;
}
