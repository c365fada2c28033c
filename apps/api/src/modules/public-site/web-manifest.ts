/**
 * The installed app's web manifest (issue 53), named after the academy as Settings name it (the home
 * screen shows "Shree Academy", not "Academy"), with a stable `id` so a renamed academy stays the one
 * installed app. Served by the API (GET /manifest.webmanifest) because the name is data, not build output.
 */
export function webManifest(academy: { name: string; tagline: string }): object {
  const name = academy.name.trim() || 'Academy';
  // Home screens show about twelve characters under an icon.
  const shortName = name.length <= 12 ? name : (name.split(/[\s,]+/)[0] ?? name).slice(0, 12);
  return {
    id: '/',
    name,
    short_name: shortName,
    description: academy.tagline.trim() || name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#4263eb',
    lang: 'en',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
