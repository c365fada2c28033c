import { brandFileUrl, type PublicBrand } from '@academy/shared/schemas/brand';
import { DEFAULT_BRAND_COLOUR } from '@academy/shared/brand';

/**
 * The academy's brand in a page's head as the server sends it (issue 78): its colour as theme-color and as
 * the interface's accent on <html> (the same `--academy-accent` and `data-academy-brand` the app sets, so the
 * first paint is never the product's indigo), and, with a logo, its favicon and apple-touch-icon, so the first
 * paint, a page read before the app starts and iOS's "Add to Home Screen" all see them. The colour is a checked #rrggbb and the addresses are the
 * server's own, so nothing here needs escaping beyond what they are.
 */
export function withBrandHead(html: string, brand: PublicBrand): string {
  let out = html.replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, `<meta name="theme-color" content="${brand.colour}" />`);
  if (brand.colour !== DEFAULT_BRAND_COLOUR) out = out.replace(/<html(?=[\s>])/, `<html data-academy-brand style="--academy-accent:${brand.colour}"`);
  if (brand.logoUrl) {
    out = out.replace(
      /<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg"\s*\/?>/,
      `<link rel="icon" type="image/png" href="${brandFileUrl(brand.logoUrl, 'favicon')}" /><link rel="apple-touch-icon" href="${brandFileUrl(brand.logoUrl, 'apple-touch-icon')}" />`,
    );
  }
  return out;
}
