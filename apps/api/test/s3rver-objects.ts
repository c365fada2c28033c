import fs from 'node:fs';
import path from 'node:path';

/** The objects s3rver (the tests' S3 stand-in) keeps in its folder (`<bucket>/<key>._S3rver_object`), by key. */
export function s3rverObjects(directory: string, bucket: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const root = path.join(directory, bucket);
  const walk = (folder: string) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('._S3rver_object')) found.set(path.relative(root, full).replace(/\._S3rver_object$/, ''), fs.readFileSync(full));
    }
  };
  walk(root);
  return found;
}
