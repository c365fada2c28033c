/**
 * "?a=1&b=x" from an object, leaving out empty values (undefined, null, ''), so a filter that is
 * not set is not sent; "" when nothing is left.
 */
export function toQueryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
