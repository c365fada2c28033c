/** A sign-in code in its message: sealed while it waits, wiped once used or expired. */
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { isSealed, openSecret, sealSecret, UnreadableSecretError } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';

/** What a code's message shows in place of the code (the office's list, the stored text). */
export const CODE_MASK = '******';
const CODE_SEAL_CONTEXT = 'parent-message:sign-in-code';

/**
 * A sign-in code as its message's template value (issue 53, point 9): sealed with the server's key
 * (AES-256-GCM, lib/secret-box.ts), so the row, and a backup taken while it waits, never hold it in
 * clear; the sender opens it in memory. After use or expiry `forgetSignInCodes` wipes even the sealed value.
 */
export function sealMessageCode(keys: ServerKeys, code: string): string {
  return sealSecret(keys, CODE_SEAL_CONTEXT, code);
}

/** The code of a queued code message, or null when it was wiped (used or expired) or cannot be opened. */
export function openMessageCode(keys: ServerKeys, stored: string | undefined): string | null {
  if (!stored || !isSealed(stored)) return null;
  try {
    return openSecret(keys, CODE_SEAL_CONTEXT, stored);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return null;
    throw error;
  }
}

/**
 * Sign-in codes are kept in their messages, sealed (`sealMessageCode`), only while they may still be
 * needed (an SMS fallback resends the same code); once used, or older than the code's life, even the
 * sealed code is overwritten. `parentId`: that parent's at once (they signed in).
 */
export async function forgetSignInCodes(db: DbExecutor, options: { parentId?: string; olderThanMinutes?: number } = {}): Promise<void> {
  await db.execute(sql`
    update parent_messages set template_values = jsonb_build_array(${CODE_MASK}::text, coalesce(template_values->>1, ''))
    where kind = 'sign-in-code' and template_values->>0 <> ${CODE_MASK}
      and ${options.parentId ? sql`parent_id = ${options.parentId}` : sql`created_at < now() - make_interval(mins => ${options.olderThanMinutes ?? 15})`}`);
}
