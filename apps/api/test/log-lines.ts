import { Writable } from 'node:stream';

/**
 * Collects what an app logs, to check what its log lines carry: give `logger` to buildTestApp (or
 * shareTestApp), then read `lines`, one JSON line each, info and above.
 */
export function collectLogLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}
