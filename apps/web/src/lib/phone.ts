/** A tel: link for a stored phone ("+91 9822012345" → "tel:+919822012345"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
