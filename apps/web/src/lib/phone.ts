/** A tel: link for a stored phone ("+919822012345" → "tel:+919822012345"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The one way a phone is shown (DESIGN.md section 8): "+919822012345" → "+91 98220 12345".
 * Anything that is not a stored Indian mobile number is shown as it is.
 */
export function formatPhone(phone: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone.replace(/[\s-]/g, ''));
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}
