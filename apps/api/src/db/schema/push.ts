import { index, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { users } from './users';
import { academyId, academyRow } from './academy-column';
import { createdAt, requiredRef } from './columns';

/**
 * Web Push (issue 37): each browser where a parent or a student turned notifications on. `endpoint` is
 * the push service's address for that browser (unique: one browser, one subscription; signing in as
 * someone else there moves it), `p256dh` and `auth` the browser's keys that messages are encrypted for.
 * A subscription the push service calls gone (404/410) is deleted when sending.
 */
export const pushSubscriptions = academyTable(
  'push_subscriptions',
  {
    ...academyRow(),
    userId: requiredRef(() => users.id, 'cascade'),
    endpoint: varchar({ length: 1000 }).notNull().unique(),
    p256dh: varchar({ length: 100 }).notNull(),
    auth: varchar({ length: 50 }).notNull(),
    userAgent: varchar({ length: 300 }),
    createdAt: createdAt(),
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId), index('push_subscriptions_academy_idx').on(table.academyId)],
);

/**
 * The academy's VAPID key pair, made once at first use (one row per academy: several servers starting at once
 * insert theirs and all keep the first). The private key is sealed (lib/secret-box.ts, context
 * `push:vapid-private-key`); the public key is what browsers subscribe with.
 */
export const pushVapidKeys = academyTable(
  'push_vapid_keys',
  {
    // One pair per academy (issue 55).
    academyId: academyId().primaryKey(),
    publicKey: varchar({ length: 100 }).notNull(),
    privateKey: text().notNull(),
    createdAt: createdAt(),
  },
);
