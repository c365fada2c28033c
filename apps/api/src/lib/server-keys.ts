import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The keys this server derives from its one secret (APP_SECRET), one per purpose, so that a key
 * leaked for one use opens nothing else (HKDF-SHA256, RFC 5869):
 * - `secrets-at-rest`: AES-256-GCM over provider credentials stored in the database (lib/secret-box.ts);
 * - `backup-manifest`: the HMAC-SHA256 that signs each backup's manifest (modules/backups);
 * - `msg91-webhook`: the token in the delivery-report address given to MSG91 (it signs nothing itself);
 * - `pay-links`: the HMAC that signs the pay link a fee reminder carries (modules/fees/pay-link.ts).
 *
 * In production APP_SECRET is required (config.ts). Outside production a random secret is created once
 * in DATA_DIR/server-secret (mode 0600) and kept, so encrypted settings and signed backups survive a
 * restart. Changing the secret makes stored credentials unreadable (the admin enters them again) and
 * older backups unsigned for this server (the CLI's --trust-unsigned restores them).
 */
export type KeyPurpose = 'secrets-at-rest' | 'backup-manifest' | 'msg91-webhook' | 'pay-links';

export type ServerKeys = { key(purpose: KeyPurpose): Buffer };

const SERVER_SECRET_FILE = 'server-secret';

export function serverKeysFrom(secret: string): ServerKeys {
  if (secret.length < 32) throw new Error('The server secret must be at least 32 characters long');
  const cache = new Map<KeyPurpose, Buffer>();
  return {
    key(purpose) {
      let key = cache.get(purpose);
      if (!key) {
        key = Buffer.from(hkdfSync('sha256', secret, 'academy', `academy/${purpose}/v1`, 32));
        cache.set(purpose, key);
      }
      return key;
    },
  };
}

/** APP_SECRET when set; otherwise (development) the secret kept in DATA_DIR, created on first use. */
export function loadServerSecret(options: { appSecret: string | undefined; dataDir: string }): string {
  if (options.appSecret) return options.appSecret;
  const file = path.join(options.dataDir, SERVER_SECRET_FILE);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The first thing a command may create in an empty DATA_DIR (backup:restore-remote on a new machine,
  // issue 71): 0711 as the bundled PostgreSQL makes it, never 0755 (the doctor refuses a folder others can list).
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o711 });
  const secret = randomBytes(32).toString('hex');
  // 'wx': two processes starting at once keep the first one's secret.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
