/**
 * The academy's own brand (issue 78, decision 080), the parts without zod: the shell and the first
 * screens read these (the colour, the pictures' addresses) and must not load a schema library for them.
 * The forms' and the API's schemas are in ./schemas/brand.ts.
 */

/** Today's blue: the colour of an academy that has not chosen one. */
export const DEFAULT_BRAND_COLOUR = '#4263eb';
/** Home screens show about twelve characters under an icon. */
export const SHORT_NAME_MAX = 12;
/** A logo larger than this is refused before it is read (a logo is a few hundred kB at most). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** WCAG 2 AA for normal text: white words on the colour need at least this contrast. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;
export const MAX_FINGERPRINTS = 4;

export const BRAND_MESSAGES = {
  saved: 'Brand saved',
  colourFormat: 'Enter the colour as # and six hex digits, e.g. #1864ab',
  shortNameRequired: 'Enter the name to show under the app icon',
  shortNameTooLong: `The name under the icon can be at most ${SHORT_NAME_MAX} characters`,
  logoType: 'The logo must be a PNG, JPEG or SVG image',
  logoTooLarge: 'The logo is too large: at most 2 MB',
  logoEmpty: 'The logo file is empty',
  logoUnreadable: 'The logo could not be read as an image: save it again as PNG, JPEG or SVG',
  logoTooSmall: 'The logo is too small: at least 64 × 64 pixels',
  appSaved: 'App settings saved',
  packageName: 'Enter the package name like in.shreeacademy.app: at least two parts separated by dots, each starting with a letter (letters, digits and _ only, no Java keyword)',
  fingerprint: 'Enter each SHA-256 fingerprint as 32 pairs of hex digits separated by colons (AB:CD:…), as Play Console shows it',
  fingerprintsRequired: 'Paste at least one SHA-256 fingerprint (Play Console → App integrity → App signing)',
  fingerprintsTooMany: `At most ${MAX_FINGERPRINTS} fingerprints`,
  appNotSet: 'Set the package name first (Settings → Your app)',
} as const;

/** The colour's contrast ratio with white (WCAG 2): 1 (white) to 21 (black). */
export function contrastWithWhite(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return 1.05 / (luminance + 0.05);
}

/** The same hue made darker step by step until white words on it read at AA: offered with a refusal. */
export function darkerForWhiteText(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  let [r, g, b] = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  for (let step = 0; step < 100; step += 1) {
    const candidate = `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
    if (contrastWithWhite(candidate) >= MIN_CONTRAST_WITH_WHITE) return candidate;
    [r, g, b] = [Math.floor(r * 0.95), Math.floor(g * 0.95), Math.floor(b * 0.95)];
  }
  return '#000000';
}

export function tooLightMessage(hex: string): string {
  const ratio = Math.floor(contrastWithWhite(hex) * 10) / 10;
  return `This colour is too light for white text on it (contrast ${ratio}:1, at least 4.5:1 is needed). Choose a darker shade, such as ${darkerForWhiteText(hex)}`;
}

/** GET /api/settings/public's `brand`: what every screen, page and paper shows. */
export type PublicBrand = {
  colour: string;
  /** The academy's logo as a PNG at most 512 px wide, its address changing with it; null when none. */
  logoUrl: string | null;
  shortName: string;
};

/** The generated pictures of a logo, at /api/public/brand/<name>.png?v=<version>. */
export const BRAND_FILES = ['logo', 'favicon', 'apple-touch-icon', 'icon-192', 'icon-512', 'icon-maskable-192', 'icon-maskable-512'] as const;
export type BrandFile = (typeof BRAND_FILES)[number];
/** A brand picture's address from the logo's (the same version). */
export function brandFileUrl(logoUrl: string, file: BrandFile): string {
  return logoUrl.replace('/logo.png', `/${file}.png`);
}

/** The name under the icon when the academy has not chosen one: the name if short, else its first word. */
export function defaultShortName(academyName: string): string {
  const name = academyName.trim() || 'Academy';
  return name.length <= SHORT_NAME_MAX ? name : (name.split(/[\s,]+/)[0] ?? name).slice(0, SHORT_NAME_MAX);
}

/** The public face of a stored brand. */
export function publicBrandOf(academyName: string, stored: { colour?: string; shortName?: string; logo?: { version: string } }): PublicBrand {
  return {
    colour: stored.colour ?? DEFAULT_BRAND_COLOUR,
    logoUrl: stored.logo ? `/api/public/brand/logo.png?v=${stored.logo.version}` : null,
    shortName: stored.shortName ?? defaultShortName(academyName),
  };
}
