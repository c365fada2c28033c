/** A tel: link for a stored phone ("+919822012345" → "tel:+919822012345"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The one way a phone is shown: "+919822012345" → "+91 98220 12345" (shared with the server's PDFs). */
export { formatIndianPhone as formatPhone } from '@academy/shared/phone-format';
