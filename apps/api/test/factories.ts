import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@academy/shared/roles';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';

export const TEST_PASSWORD = 'correct-horse-battery';
let cachedHash: Promise<string> | undefined;

/** Creates a user (default: an active student) who can sign in with TEST_PASSWORD. */
export async function buildUser(db: Db, overrides: Partial<{ name: string; email: string; role: Role; isActive: boolean }> = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Test User ${suffix}`,
      email: (overrides.email ?? `user-${suffix}@example.com`).toLowerCase(),
      role: overrides.role ?? 'student',
      isActive: overrides.isActive ?? true,
      passwordHash: await cachedHash,
    })
    .returning();
  return user!;
}

/** Signs in through the real endpoint and returns the Cookie header to send with later requests. */
export async function loginAs(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'academy_session');
  return `${cookie!.name}=${cookie!.value}`;
}
