import { fileURLToPath } from 'node:url';
import path from 'node:path';

// This file sits one folder below apps/api both as source (src/) and when bundled (dist/),
// so the package root is always one level up.
export const apiRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = path.resolve(apiRoot, '..', '..');
export const migrationsFolder = path.join(apiRoot, 'drizzle');
export const webDistFolder = path.join(repoRoot, 'apps', 'web', 'dist');
