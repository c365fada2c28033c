export type MultipartField = string | { filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body, built by hand so a test controls every byte (file names included). */
export function multipart(fields: Record<string, MultipartField | MultipartField[]>) {
  const boundary = `----academy${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  // A list: the same field several times, in order (a homework's `pages`).
  const entries = Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value.map((one) => [name, one] as const) : [[name, value] as const]));
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType ?? 'application/pdf'}\r\n\r\n`));
      chunks.push(value.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
