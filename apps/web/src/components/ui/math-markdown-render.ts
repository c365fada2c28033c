import MarkdownIt from 'markdown-it';
import katexPlugin, { type MarkdownKatexOptions } from '@vscode/markdown-it-katex';
// KaTeX's stylesheet and fonts come with this module's chunk (no CDN: the app works offline).
import 'katex/dist/katex.min.css';
import './math-markdown.css';

/*
 * Markdown with LaTeX math to HTML, for questions, options and solutions (issue 40). Loaded only by
 * the screens that show them (math-markdown.tsx loads it lazily): markdown-it and KaTeX are about
 * 120 kB gzipped together, never part of the public site.
 *
 * Safe for text anyone on staff typed: raw HTML is off (markdown-it writes `<b>` as text), links
 * and pictures only take addresses markdown-it's own check lets through (no javascript:, vbscript:,
 * file: or data: other than pictures), KaTeX runs untrusted (`trust: false`: no \href, \url,
 * \includegraphics, \htmlClass…), with limits so a formula cannot blow up the page.
 */

const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: true });

// Passed on to KaTeX as its options (the plugin spreads them into katex.renderToString).
const katexOptions = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxSize: 10,
  maxExpand: 200,
  output: 'htmlAndMathml',
} as MarkdownKatexOptions;
// The plugin is a CommonJS module: its function is `default` under Node's own loader (unit tests), the module itself under Vite.
const plugin = (katexPlugin as unknown as { default?: typeof katexPlugin }).default ?? katexPlugin;
markdown.use(plugin, katexOptions);

const defaultLink = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
// A link leaves the app in a new tab (a student in a test keeps the test), telling the other site nothing.
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('target', '_blank');
  tokens[index]!.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLink(tokens, index, options, env, self);
};

const defaultImage = markdown.renderer.rules.image!;
// Pictures load as they scroll into view: a phone on mobile data fetches only what it shows.
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('loading', 'lazy');
  tokens[index]!.attrSet('decoding', 'async');
  return defaultImage(tokens, index, options, env, self);
};

/** The HTML of Markdown with $…$ (inline) and $$…$$ (display) math; safe to put in the page as it is. */
export function renderMathMarkdown(source: string): string {
  return markdown.render(source);
}
