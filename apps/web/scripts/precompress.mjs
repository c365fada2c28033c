// After `vite build`: every built asset also as .br and .gz beside it, compressed once with the best
// settings (brotli 11, gzip 9), so the server sends the file that is already compressed
// (@fastify/static `preCompressed`) instead of compressing the same bytes again for every visitor at a
// lower setting: smaller downloads on slow mobile data (issue 56), less work for the server.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|webmanifest)$/;
// Smaller files are sent as they are (the server's own threshold for compressing answers, app.ts).
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of fs.readdirSync(assets)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assets, name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  after += br.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB with brotli`);
