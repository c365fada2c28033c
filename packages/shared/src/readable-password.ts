/**
 * A first password the office can read out, print and a child can type (issue 42, point 8): ten
 * lower-case letters and digits without the look-alikes (0/o, 1/l/i), in two groups of five joined by
 * a dash, e.g. "kq7mz-4tdpw" (31 characters to choose from: about 50 bits, plenty behind the sign-in
 * rate limit). Made with crypto.getRandomValues, in the browser or on the server.
 */
export const READABLE_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Without bias: a random 32-bit value above the last whole multiple of the alphabet is drawn again. */
export function readablePassword(random: (values: Uint32Array) => Uint32Array = (values) => globalThis.crypto.getRandomValues(values)): string {
  const size = READABLE_PASSWORD_ALPHABET.length;
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  const letters: string[] = [];
  while (letters.length < 10) {
    for (const value of random(new Uint32Array(16))) {
      if (value < limit && letters.length < 10) letters.push(READABLE_PASSWORD_ALPHABET[value % size]!);
    }
  }
  return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
}
