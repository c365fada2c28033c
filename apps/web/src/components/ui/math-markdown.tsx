import { useMemo } from 'react';
import { useDeferredModule } from '../../lib/use-deferred-module';

// Its own chunk, with KaTeX's stylesheet and fonts: only screens that show questions download it.
const loadRenderer = () => import('./math-markdown-render');

/** Starts downloading the renderer before a screen needs it (e.g. when a test is about to open). */
export function preloadMathMarkdown(): void {
  void loadRenderer();
}

export interface MathMarkdownProps {
  /** Markdown with $…$ and $$…$$ LaTeX math and ![](url) pictures, as a teacher wrote it. */
  source: string;
  className?: string;
}

/**
 * Markdown with math, rendered with KaTeX (issue 40): a question, an option, a solution. Raw HTML in
 * the source is shown as text, never run. Until the renderer has downloaded (once per visit), the
 * source shows as plain text, so the words are there at once and a slow phone never shows a blank.
 */
export function MathMarkdown({ source, className }: MathMarkdownProps) {
  const renderer = useDeferredModule(loadRenderer);
  const html = useMemo(() => (renderer ? renderer.renderMathMarkdown(source) : null), [renderer, source]);
  if (html === null)
    return (
      <div className={className} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {source}
      </div>
    );
  // The HTML is markdown-it's with raw HTML off and KaTeX untrusted (math-markdown-render.ts).
  return <div className={className ? `math-markdown ${className}` : 'math-markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
