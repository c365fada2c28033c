import type { PublicAcademySettings } from '@academy/shared/schemas/settings';

/** A phone number as a link that dials it: "+91 98220 12345" → "tel:+919822012345". */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** A multi-line address on one line: "Shivaji Chowk,\nLatur" → "Shivaji Chowk, Latur". */
export function oneLineAddress(address: string): string {
  return address
    .split(/\s*\n\s*/)
    .map((line) => line.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');
}

/** Google Maps searching for the address, which opens the Maps app on a phone. */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(oneLineAddress(address))}`;
}

export type SocialNetwork = keyof PublicAcademySettings['socialLinks'];

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
};

/** The social links the admin has set, in a fixed order; unset ones are left out. */
export function socialLinksOf(links: PublicAcademySettings['socialLinks']): { network: SocialNetwork; label: string; url: string }[] {
  return (Object.keys(SOCIAL_LABELS) as SocialNetwork[]).flatMap((network) => {
    const url = links[network]?.trim();
    return url ? [{ network, label: SOCIAL_LABELS[network], url }] : [];
  });
}
