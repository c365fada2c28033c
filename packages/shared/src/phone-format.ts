/**
 * The one way a phone is shown (DESIGN.md section 8), on screens and in PDFs: "+919822012345" →
 * "+91 98220 12345". Anything that is not a stored Indian mobile number is shown as it is. (Its own
 * file, without zod: the public site's first load shows the academy's phone.)
 */
export function formatIndianPhone(phone: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone.replace(/[\s-]/g, ''));
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}
