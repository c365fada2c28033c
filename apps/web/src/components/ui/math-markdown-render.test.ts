import { describe, expect, it } from 'vitest';
import { renderMathMarkdown } from './math-markdown-render';

describe('renderMathMarkdown (questions, options and solutions)', () => {
  it('renders inline $…$ and display $$…$$ math with KaTeX', () => {
    const inline = renderMathMarkdown('A body moves as $x = t^2$.');
    expect(inline).toContain('<p>A body moves as <span class="katex">');
    expect(inline).toContain('<math'); // MathML too, for screen readers
    expect(inline).not.toContain('$');
    const display = renderMathMarkdown('Solve:\n\n$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$');
    expect(display).toContain('katex-display');
  });

  it('leaves money and other lone dollars as text', () => {
    expect(renderMathMarkdown('Pay $5 and $10 today')).toBe('<p>Pay $5 and $10 today</p>\n');
  });

  it('renders paragraphs, bold, italic, lists and pictures', () => {
    const html = renderMathMarkdown('**Bold** and *italic*\n\n- one\n- two\n\n1. first\n\n![graph of v](/api/questions/images/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c.png)');
    expect(html).toContain('<strong>Bold</strong> and <em>italic</em>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n</ol>');
    expect(html).toContain('<img src="/api/questions/images/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c.png" alt="graph of v" loading="lazy" decoding="async">');
  });

  it('keeps a line break typed inside a paragraph', () => {
    expect(renderMathMarkdown('line one\nline two')).toBe('<p>line one<br>\nline two</p>\n');
  });

  it('never lets raw HTML, script links or trusted KaTeX commands through', () => {
    const html = renderMathMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)> [link](javascript:alert(1)) ![x](javascript:alert(2)) $\\href{javascript:alert(3)}{x}$ $\\htmlClass{a}{b}$');
    // Only escaped text of those tags: no element, no handler, no script address, no KaTeX link.
    expect(html).not.toMatch(/<script|<img[^>]*src="?x|<[^>]*\sonerror=|href="javascript|src="javascript|<a\s/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // A plain https link opens in a new tab and tells the other site nothing.
    expect(renderMathMarkdown('[NCERT](https://ncert.nic.in)')).toContain('<a href="https://ncert.nic.in" target="_blank" rel="noopener noreferrer nofollow">NCERT</a>');
  });

  it('shows a formula with a mistake in red instead of failing', () => {
    const html = renderMathMarkdown('Broken: $\\frac{1}{$ and fine: $x$');
    expect(html).toContain('katex-error');
    expect(html).toContain('<span class="katex">');
  });
});
