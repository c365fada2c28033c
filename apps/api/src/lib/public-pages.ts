import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/*
 * The public pages rendered on the server (issue 17; docs/decisions/024-public-pages-rendered-on-the-server.md).
 * The web app's server build (apps/web/dist-server/entry-server.js, made by `npm run build`) renders
 * a page to HTML; this file puts it into the built index.html with the page's title, description,
 * language links, stylesheets and code links, and the data the browser hydrates with. Without the
 * server build, or when a render fails, the app's shell is sent as before: the page then renders in
 * the browser, so a rendering fault never leaves a visitor without the page.
 * The same build names the signed-in areas' first screens (the dashboards): for those this file puts
 * the person's session and the screen's first data into the shell, with links to the screen's code,
 * and the browser draws it (decision 024, point 9; decisions 061, 075 and 078).
 */

/** What apps/web/src/entry-server.tsx exports (its build is plain JavaScript, so the shape is declared here). */
interface EntryServer {
  isServerRenderedPage(pathname: string): boolean;
  renderPublicPage(url: URL, readApi: (path: string) => Promise<unknown>): Promise<RenderedPage | { redirect: string } | null>;
  isSignedInFirstScreen(pathname: string): boolean;
  signedInFirstScreen(pathname: string, readApi: ReadApiAs, search?: string, formResult?: unknown): Promise<SignedInScreen | null>;
}

/** Reads one of the API's GET routes as the person whose page this is, in `language` (the page's when omitted). */
export type ReadApiAs = (path: string, language?: string) => Promise<unknown>;

interface SignedInScreen {
  language: string;
  state: string;
  modules: string[];
  /** The screen drawn for the person (issue 56), or absent: the browser draws it from the state. */
  html?: string;
  /** Why it could not be drawn: logged, and the page goes with the data alone. */
  failure?: unknown;
}

interface RenderedPage {
  language: string;
  /** 404 for a course page whose course is not open (the page then shows the site's not-found). */
  status?: number;
  html: string;
  title: string;
  description: string;
  head: { rel: string; hreflang?: string; href: string }[];
  state: string;
  modules: string[];
  /** A page to read: the browser runs the app only once it is used, so its code is not linked. */
  startsOnUse?: boolean;
  /** More of the head, made by the API server: sharing tags and structured data (issue 41). */
  extraHead?: string;
}

/** What a page carries besides the web app's own head, from its language, title and description. */
export type ExtraHead = (page: { language: string; title: string; description: string }) => Promise<string>;

/** A public page's answer: its HTML and status, or where its address has moved (a renamed course). */
export type PublicPageAnswer = { html: string; status: number } | { redirect: string };

/** The web build's input that is the first stylesheet of a page to read (its key in Vite's manifest). */
const PAGE_TO_READ_STYLES = 'src/page-to-read.css';
/** And that of a signed-in first screen the server draws (decision 109). */
const FIRST_SCREEN_STYLES = 'src/first-screen.css';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

export interface PublicPages {
  /** Whether `pathname` is one of the server-rendered public pages (any language). */
  covers(pathname: string): boolean;
  /**
   * The page's whole HTML with its status (or where it has moved), or null to send the app's shell
   * instead. `extraHead` adds to a found page's head; when it fails the page goes without it.
   */
  render(url: URL, readApi: (path: string) => Promise<unknown>, extraHead?: ExtraHead): Promise<PublicPageAnswer | null>;
  /** Whether `pathname` is a signed-in area's first screen (a dashboard). */
  coversSignedIn(pathname: string): boolean;
  /**
   * The app's shell with the person's session and the screen's first data, or null to send the plain
   * shell (no session, another role, a failed read: the browser then asks the API itself).
   */
  renderSignedIn(pathname: string, readApi: ReadApiAs, search?: string, formResult?: unknown): Promise<string | null>;
}

/** Loads the server build beside `webDistFolder`, or returns undefined when there is none. */
export async function loadPublicPages(webDistFolder: string, log: FastifyBaseLogger): Promise<PublicPages | undefined> {
  const entryFile = path.join(webDistFolder, '..', 'dist-server', 'entry-server.js');
  const manifestFile = path.join(webDistFolder, '.vite', 'manifest.json');
  if (!fs.existsSync(entryFile) || !fs.existsSync(manifestFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as EntryServer;
  const template = fs.readFileSync(path.join(webDistFolder, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // The first stylesheet of a page to read (apps/web/src/page-to-read.css), when the build has one.
  const pageToReadStyles = manifest[PAGE_TO_READ_STYLES]?.file;
  // And of a drawn signed-in first screen (apps/web/src/first-screen.css).
  const firstScreenStyles = manifest[FIRST_SCREEN_STYLES]?.file;

  return {
    covers: (pathname) => entry.isServerRenderedPage(pathname),
    async render(url, readApi, extraHead) {
      try {
        const page = await entry.renderPublicPage(url, readApi);
        if (!page || 'redirect' in page) return page;
        const status = page.status ?? 200;
        let head = '';
        if (status === 200 && extraHead) {
          head = await extraHead(page).catch((error: unknown) => {
            log.error({ err: error, url: url.pathname }, 'A public page\'s sharing tags could not be made; the page was sent without them');
            return '';
          });
        }
        return { html: pageHtml(template, { ...page, extraHead: head }, filesOf(manifest, page.modules), pageToReadStyles), status };
      } catch (error) {
        log.error({ err: error, url: url.pathname }, 'A public page could not be rendered on the server; the app shell was sent');
        return null;
      }
    },
    coversSignedIn: (pathname) => entry.isSignedInFirstScreen(pathname),
    async renderSignedIn(pathname, readApi, search, formResult) {
      try {
        const screen = await entry.signedInFirstScreen(pathname, readApi, search, formResult);
        if (screen?.failure) log.error({ err: screen.failure, url: pathname }, 'A signed-in screen could not be drawn on the server; its data was sent without it');
        if (!screen) return null;
        const files = filesOf(manifest, screen.modules);
        return signedInShellHtml(template, screen, { ...files, scripts: largestFirst(webDistFolder, files.scripts) }, firstScreenStyles);
      } catch (error) {
        // An ended session (401) or a screen of another role (403) is ordinary: the browser then asks
        // itself and is sent to sign in or to its own area, as before.
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 401 || status === 403) return null;
        log.error({ err: error, url: pathname }, 'A signed-in screen\'s data could not be read on the server; the app shell was sent');
        return null;
      }
    },
  };
}

const fileSizes = new Map<string, number>();

/**
 * Files of the build, the largest first. A browser asks for at most six files at once over HTTP/1.1; on
 * slow mobile data each waits about two seconds before its first byte, so a large file left for the
 * second six finished last and held the take-over back (issue 74). Asked first, it downloads while the
 * small ones wait. The build's files never change while the server runs: their sizes are kept.
 */
export function largestFirst(webDistFolder: string, files: string[]): string[] {
  const sizeOf = (file: string) => {
    let size = fileSizes.get(file);
    if (size === undefined) {
      try {
        size = fs.statSync(path.join(webDistFolder, file)).size;
      } catch {
        size = 0;
      }
      fileSizes.set(file, size);
    }
    return size;
  };
  return [...files].sort((a, b) => sizeOf(b) - sizeOf(a));
}

/** The code and stylesheets of source modules and of everything they import, from Vite's manifest. */
export function filesOf(manifest: Record<string, ManifestChunk>, modules: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** JSON inside `<script type="application/json">`: no `<` may end the element early (`</script>`). */
export function jsonForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The `<link>`s of a page's stylesheets (the template's first) and code that the template lacks. */
function pageLinks(template: string, files: { scripts: string[]; styles: string[] }): { templateStyles: string[]; styles: string[]; preloads: string[] } {
  // The entry's own files are already in the template.
  const present = (file: string) => template.includes(`/${file}"`);
  const templateStyles = template.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  return {
    templateStyles,
    styles: [...templateStyles, ...files.styles.filter((file) => !present(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)],
    preloads: files.scripts.filter((file) => !present(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  };
}

/**
 * index.html for a signed-in first screen: its stylesheets and code linked in the head, and the data it
 * starts with beside the (empty) root; the browser draws the screen at once, without asking the API.
 */
export function signedInShellHtml(template: string, screen: SignedInScreen, files: { scripts: string[]; styles: string[] }, firstScreenStyles?: string): string {
  const { templateStyles, styles: allStyles, preloads } = pageLinks(template, files);
  // A drawn screen paints, and is taken over, with Mantine's rules for the components its code draws
  // (decision 109); the app loads the whole first stylesheet once it has taken the screen over.
  const styles = screen.html !== undefined && firstScreenStyles ? ownFirstStylesheet(allStyles, templateStyles, firstScreenStyles) : allStyles;
  let html = template;
  for (const style of templateStyles) html = html.replace(style, '');
  // A drawn screen shows once its stylesheets are in (issue 56): its code, which only makes it
  // interactive, is fetched at low priority behind them, as a drawn public page's is (pageHtml).
  const links = screen.html === undefined ? preloads : preloads.map((preload) => preload.replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
  // A drawn screen works without JavaScript (its links, the attendance sheet's form; decision 075):
  // the shell's notice would only be wrong there.
  if (screen.html !== undefined) html = html.replace(/<noscript>.*?<\/noscript>\s*/s, '');
  return html
    .replace('<html lang="en"', `<html lang="${screen.language}"`)
    .replace(/<\/title>/, () => `</title>\n    ${styles.join('\n    ')}`)
    .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${screen.html ?? ''}</div>\n    <script type="application/json" id="server-state">${jsonForScript(screen.state)}</script>`);
}

/**
 * A page's own first stylesheet in place of the app's whole one: a page to read paints with Mantine's rules
 * for the few components it shows (page-to-read.css, 9 kB brotli, instead of 24 kB: on Slow 3G the whole one
 * was the last file before the landing page's first paint, decision 105), a drawn signed-in first screen with
 * those of the components its code draws (first-screen.css, decision 109). The whole one is named on the link,
 * and the page's first script (start.ts) puts it right after this one (before a page to read's app runs,
 * which may draw any component; once a first screen is taken over, as drawn); the cascade is then the whole
 * file's, the page's own stylesheets still last.
 */
function ownFirstStylesheet(styles: string[], templateStyles: string[], ownStyles: string): string[] {
  const whole = templateStyles.map((link) => /href="([^"]+)"/.exec(link)?.[1]).filter((href) => href !== undefined);
  if (whole.length !== 1) return styles;
  const own = `<link rel="stylesheet" crossorigin href="/${ownStyles}" data-app-styles="${escapeHtml(whole[0]!)}">`;
  return styles.map((style) => (style === templateStyles[0] ? own : style));
}

/** index.html with the rendered page: the markup, its head, and the data the browser hydrates with. */
export function pageHtml(template: string, page: RenderedPage, files: { scripts: string[]; styles: string[] }, pageToReadStyles?: string): string {
  // Every stylesheet first, before any script: the page paints once its styles are in, and on slow
  // mobile data the stylesheets' requests would otherwise wait behind a dozen code files.
  const { templateStyles, styles: allStyles, preloads } = pageLinks(template, files);
  const styles = page.startsOnUse && pageToReadStyles ? ownFirstStylesheet(allStyles, templateStyles, pageToReadStyles) : allStyles;
  const head = [
    // A page that starts on use (start.ts) links no code: its reader may never need it. Another's is
    // readable before the app runs, which only makes it interactive: its code is fetched at low
    // priority, so the stylesheets and fonts go first where the connection honours priorities (HTTP/2)
    // and Lighthouse does not count the app as holding up the first paint. The page's first script
    // (start.ts, a few kB, in the template) keeps the default: it keeps what the reader does until the
    // app runs. A signed-in first screen needs its code to show anything (signedInShellHtml).
    ...(page.startsOnUse ? [] : preloads.map((preload) => preload.replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'))),
    ...page.head.map(
      ({ rel, hreflang, href }) => `<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="${escapeHtml(href)}" data-language-link="">`,
    ),
    ...(page.extraHead ? [page.extraHead] : []),
  ].join('\n    ');
  let html = template;
  for (const style of templateStyles) html = html.replace(style, '');
  return html
    .replace('<html lang="en"', `<html lang="${page.language}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>\n    ${styles.join('\n    ')}`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(page.description)}"`)
    .replace('</head>', () => `  ${head}\n  </head>`)
    // The page is readable without JavaScript; the shell's notice would only be wrong here.
    .replace(/<noscript>.*?<\/noscript>\s*/s, '')
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="server-state">${jsonForScript(page.state)}</script>`,
    );
}
