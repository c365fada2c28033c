import { brandFileUrl, type PublicBrand } from '@academy/shared/schemas/brand';

/**
 * The installed app's web manifest (issue 53), named after the academy as Settings name it (the home
 * screen shows "Shree Academy", not "Academy"), with a stable `id` so a renamed academy stays the one
 * installed app. Served by the API (GET /manifest.webmanifest) because the name is data, not build output.
 * Issue 78: the academy's colour is the theme, its short name the name under the icon, and with a logo
 * the icons are drawn from it (any and maskable, 192 and 512, Apple's 180); without one, the product's.
 */
export function webManifest(academy: { name: string; tagline: string; brand: PublicBrand }): object {
  const name = academy.name.trim() || 'Academy';
  const { brand } = academy;
  const picture = (file: Parameters<typeof brandFileUrl>[1], fallback: string) => (brand.logoUrl ? brandFileUrl(brand.logoUrl, file) : fallback);
  return {
    id: '/',
    name,
    short_name: brand.shortName,
    description: academy.tagline.trim() || name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: brand.colour,
    lang: 'en',
    icons: [
      { src: picture('icon-192', '/icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: picture('icon-512', '/icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      ...(brand.logoUrl ? [{ src: picture('icon-maskable-192', ''), sizes: '192x192', type: 'image/png', purpose: 'maskable' }] : []),
      { src: picture('icon-maskable-512', '/icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: picture('apple-touch-icon', '/apple-touch-icon.png'), sizes: '180x180', type: 'image/png', purpose: 'any' },
    ],
  };
}
