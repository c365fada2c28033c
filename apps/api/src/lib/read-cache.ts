import { AsyncLocalStorage } from 'node:async_hooks';
import { currentAcademyId } from './tenancy';

/**
 * Answers that many people read and few change (the batch list, a page of students, a day's roster,
 * a student's attendance, the dashboard, the academy's settings) are kept per database in each server
 * and forgotten when a table they were read from changes, in any server on the database
 * (docs/decisions/012-server-speed.md, "Kept answers"):
 *
 * - Every table in WATCHED_TABLES has statement triggers (migrations 0028 and 0104) that send
 *   NOTIFY academy_table_changes with the table's name when its transaction commits, for each academy
 *   whose rows the statement changed (none when it changed no row); every server LISTENs
 *   (db/change-listener.ts) and calls `tableChanged`.
 * - A kept answer names the tables it was read from; it is served only while none of them has
 *   changed since it was read (a change that arrives while it is being read makes it unusable at once).
 * - This server's own writes forget the answers kept from their tables the moment the database
 *   confirms them (db/client.ts), so whoever changed something reads it back at once; another server
 *   learns of it when the notice arrives, within milliseconds.
 * - While the listening connection is down nothing is kept or served: changes may go unnoticed.
 *   Whatever was kept is forgotten when it connects again, and an answer is read again after a
 *   minute (the bound on a notice lost in a connection that looks alive); meanwhile the kept one is
 *   still given, so the minute's end costs nobody a wait.
 * - Only the pool itself caches (`db` as made by createDatabase). Inside a transaction `db` is another
 *   object with no state here: it reads afresh and sees its own uncommitted changes.
 *
 * A kept value is shared by every request that reads it: callers must not change it (tests freeze it).
 *
 * Many academies (issue 55): every kept answer belongs to the academy of the work that read it
 * (lib/tenancy.ts `currentAcademyId()`, part of its key, so no caller names it), and a notice names the
 * academy whose table changed (`<academy_id>:<table>`, migration 0059): academy A's change forgets only
 * A's answers. A notice without an academy (an older server during a rolling deploy, a change made
 * outside every academy) forgets that table's answers of every academy.
 */
export const TABLE_CHANGES_CHANNEL = 'academy_table_changes';

/** The tables whose changes are announced (migrations 0028, 0041, 0069, 0099, 0102 and 0103; since 0104 a trigger per event; a test compares). */
export const WATCHED_TABLES = [
  'absence_reasons',
  'academy_settings',
  'admission_demos',
  'admission_enquiries',
  'announcement_batches',
  'announcements',
  'attendance_records',
  'batch_students',
  'batches',
  'conversation_messages',
  'conversations',
  'fee_dues',
  'fee_receipts',
  'notifications',
  'offsite_backup_settings',
  'offsite_backups',
  'parent_messages',
  'parent_students',
  'parents',
  'standards',
  'students',
  'subjects',
  'sessions',
  'teachers',
  'users',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/**
 * Watched tables whose removals alone are announced (migration 0102's trigger fires on DELETE and TRUNCATE
 * only; db/client.ts tells no other write of them). A session is kept per server (cachedPersonalRead): its
 * renewal every ten minutes and a new sign-in make no kept session wrong (a new token is kept by nobody yet,
 * the expiry is checked in memory, a renewal made here forgets its own), and announcing them would forget
 * every kept session of the academy a few times a second. A sign-out, or an account's sessions ended (a
 * password change, a deactivation), must reach every server at once: those are removals. Nothing cascades
 * from a session, so its removal forgets only the kept sessions.
 */
export const WATCHED_FOR_REMOVALS_ONLY: readonly WatchedTable[] = ['sessions'];

/** A notice with this payload: every table changed (a restore). `<academy_id>:*`: every table of that academy. */
export const EVERYTHING_CHANGED = '*';

/** The payload of a notice that `table` (or EVERYTHING_CHANGED) of `academyId` changed (as migration 0059's trigger sends it). */
export function changeNotice(academyId: string, table: string): string {
  return `${academyId}:${table}`;
}

/** A notice's academy (undefined: every academy) and table; payloads without ':' come from servers before issue 55. */
export function readChangeNotice(payload: string): { academyId: string | undefined; table: string } {
  const colon = payload.indexOf(':');
  if (colon < 0) return { academyId: undefined, table: payload };
  return { academyId: payload.slice(0, colon) || undefined, table: payload.slice(colon + 1) };
}

const KEEP_MS = 60_000;
/** Bounds the memory: at 3,000 students a kept attendance answer is about 20 KB. */
const MAX_ENTRIES = 1_000;
/** Answers asked once so far are kept apart, at most this many (State.fresh). */
const MAX_FRESH_ENTRIES = 100;
/** Keys of answers asked once and no longer kept, remembered so that a second asking keeps its answer (State.askedOnce). */
const MAX_ASKED_ONCE = 10_000;
/** Sessions kept (about 1 KB each): everyone signed in on this server in the last minute, up to this many. */
const MAX_PERSONAL_ENTRIES = 20_000;
/** A kept session asked in its last this many ms is read again beside the answer (cachedPersonalRead). */
const READ_AHEAD_MS = 10_000;

/** `until`: a time (ms) past which the answer is wrong with no table changed (it counted rows against the clock); never served after it. */
type Entry = { value: unknown; readAt: number; academyId: string; tables: readonly WatchedTable[]; expires: number; until?: number };
type Reading = { promise: Promise<unknown>; readAt: number };

type State = {
  listening: boolean;
  /** Counts notices: a value read when it was N is current while no table it names changed after N. */
  clock: number;
  /** By `<academy_id>:<table>`, and `*:<table>` for a change of that table in every academy. */
  changedAt: Map<string, number>;
  everythingChangedAt: number;
  /** By academy: when all of its tables last changed (a restore of that academy). */
  academyChangedAt: Map<string, number>;
  /**
   * Kept answers asked more than once, the least recently asked first (dropped first when full). An answer
   * is kept in `fresh` when read and moves here when asked again (issue 74): most answers are asked once
   * (each student's own attendance, a past day's roster), and while they shared one list with the others,
   * hundreds of them a second pushed out the answers everyone asks (each academy's settings on a server of
   * 300 academies), which were then read again every few seconds.
   */
  entries: Map<string, Entry>;
  /** Kept answers asked once so far, the oldest first, at most MAX_FRESH_ENTRIES. */
  fresh: Map<string, Entry>;
  /**
   * Keys dropped from `fresh` (the oldest first, at most MAX_ASKED_ONCE): asked again, the answer read is kept
   * among those asked more than once. A key asked again only after a hundred others (each of 300 academies'
   * dashboards, asked in turn) would otherwise never be kept at all.
   */
  askedOnce: Set<string>;
  /** Answers one person asks with every request (their session: cachedPersonalRead), the least recently asked first. */
  personal: Map<string, Entry>;
  /** Answers being read now: a second request for the same key waits for the same reading. */
  readings: Map<string, Reading>;
};

const states = new WeakMap<object, State>();

/** Every answer kept now or before: lib/kept-responses.ts keeps its JSON and compressed bytes beside it. */
const keptAnswers = new WeakSet<object>();
export function isKeptAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && keptAnswers.has(value);
}

/** Answers made from a kept one (keptVariant), by the kept answer and their variant. */
const variants = new WeakMap<object, Map<string, object>>();

/**
 * An answer made from a kept answer and a small `variant` of this request (a window worked out from
 * the clock), itself kept beside it while the kept answer is: the same object for the same variant, so
 * lib/kept-responses.ts writes and compresses it once (issue 74: the teacher's roster made a new object
 * for every request and was written and compressed each time). `make` must depend only on `kept` and
 * `variant`. An answer that was not kept gets `make()`.
 */
export function keptVariant<T extends object>(kept: object, variant: string, make: () => T): T {
  if (!isKeptAnswer(kept)) return make();
  let ofKept = variants.get(kept);
  if (!ofKept) variants.set(kept, (ofKept = new Map()));
  let answer = ofKept.get(variant) as T | undefined;
  if (!answer) {
    answer = make();
    if (process.env.NODE_ENV === 'test') deepFreeze(answer);
    keptAnswers.add(answer);
    ofKept.set(variant, answer);
  }
  return answer;
}

/** The tables the answer being read now named: a test compares them with the SQL it sends. */
const declaredTables = new AsyncLocalStorage<readonly WatchedTable[]>();
export function tablesOfCurrentRead(): readonly WatchedTable[] | undefined {
  return declaredTables.getStore();
}

function isCurrent(state: State, readAt: number, academyId: string, tables: readonly WatchedTable[]): boolean {
  if (state.everythingChangedAt > readAt || (state.academyChangedAt.get(academyId) ?? 0) > readAt) return false;
  for (const table of tables) {
    if ((state.changedAt.get(`${academyId}:${table}`) ?? 0) > readAt || (state.changedAt.get(`*:${table}`) ?? 0) > readAt) return false;
  }
  return true;
}

/**
 * The kept answer for `key`, or `read()`'s, kept for the next caller. `key` must name everything the
 * answer depends on besides the tables (who asks, the query, today's date); `tables` every table
 * `read` reads (a test checks the SQL it sends against them). An answer that compares rows with the
 * clock (messages held until a time) gives `until(answer)`: the first time (ms) at which it would be
 * read differently with nothing changed; it is read again then, and never served after it.
 */
// `db` is only the key of its database's kept answers (any handle: lib/ stands below db/, so no type from there).
export async function cachedRead<T>(db: object, key: string, tables: readonly WatchedTable[], read: () => Promise<T>, until?: (answer: T) => number | undefined): Promise<T> {
  // The academy's answers only: its id is part of every key. Outside every academy this throws, kept
  // or not, so such a read never runs (nor keeps an empty answer under some academy's key; issue 71).
  const academyId = currentAcademyId();
  const state = states.get(db);
  if (!state?.listening) return read();
  const academyKey = `${academyId} ${key}`;
  const entry = state.entries.get(academyKey) ?? state.fresh.get(academyKey);
  if (entry && (entry.until === undefined || entry.until > Date.now()) && isCurrent(state, entry.readAt, academyId, entry.tables)) {
    // Asked again: among the answers asked more than once, the last to be dropped.
    state.fresh.delete(academyKey);
    keepEntry(state.entries, MAX_ENTRIES, academyKey, entry);
    if (entry.expires > Date.now()) return entry.value as T;
    // Its minute is over but no change to it is known: answered as it is once more while it is read
    // again, so that a minute's end never makes everyone wait for the read (a dashboard takes 100 ms).
    readShared(state, academyId, academyKey, tables, read, until).catch(() => {});
    return entry.value as T;
  }
  return readShared(state, academyId, academyKey, tables, read, until);
}

/**
 * Reads `key` afresh (or joins the reading already under way) and keeps the answer if still current: among
 * the answers asked more than once when it was asked before (kept before, or dropped from `fresh`), else in `fresh`.
 */
function readShared<T>(state: State, academyId: string, key: string, tables: readonly WatchedTable[], read: () => Promise<T>, until?: (answer: T) => number | undefined): Promise<T> {
  const askedBefore = state.entries.has(key) || state.askedOnce.delete(key);
  return readAgain(state, academyId, key, tables, read, (entry) => {
    entry.until = until?.(entry.value as T);
    if (askedBefore) keepEntry(state.entries, MAX_ENTRIES, key, entry);
    else {
      const dropped = keepEntry(state.fresh, MAX_FRESH_ENTRIES, key, entry);
      if (dropped !== undefined) {
        if (state.askedOnce.size >= MAX_ASKED_ONCE) state.askedOnce.delete(state.askedOnce.values().next().value!);
        state.askedOnce.add(dropped);
      }
    }
  });
}

/**
 * The answer one person asks with every request, their session (issue 77: on a Citus cluster its look-up
 * was the one statement of a kept read, through the coordinator): kept like `cachedRead`'s answers, and
 * forgotten the same way, but apart from them, so that thousands of people signed in push out none of the
 * answers everyone shares; and never answered past its minute, not even once while it is read again, so a
 * sign-out whose notice was lost ends the session here within the minute (it is read again in its last
 * seconds instead, while still answered). The caller checks what the statement checked against the clock (a
 * session's expiry). An answer of `undefined` is not kept (and a kept one read again as `undefined` is
 * dropped): cookies nobody holds must not push out the sessions of those signed in.
 */
export async function cachedPersonalRead<T>(db: object, key: string, tables: readonly WatchedTable[], read: () => Promise<T>): Promise<T> {
  const academyId = currentAcademyId();
  const state = states.get(db);
  if (!state?.listening) return read();
  const academyKey = `${academyId} ${key}`;
  const entry = state.personal.get(academyKey);
  const keep = (kept: Entry) => {
    if (kept.value !== undefined) keepEntry(state.personal, MAX_PERSONAL_ENTRIES, academyKey, kept);
    else state.personal.delete(academyKey);
  };
  const now = Date.now();
  if (entry && entry.expires > now && isCurrent(state, entry.readAt, academyId, entry.tables)) {
    keepEntry(state.personal, MAX_PERSONAL_ENTRIES, academyKey, entry);
    // In its last seconds it is read again while still answered (the request does not wait), so the minute's
    // end never makes a request wait for the read: one person's requests a few times a second would otherwise
    // meet it once a minute (on Citus 20-50 ms through the coordinator, the signed-in reads' p99 in issue 77).
    if (entry.expires - now < READ_AHEAD_MS) readAgain(state, academyId, academyKey, tables, read, keep).catch(() => {});
    return entry.value as T;
  }
  return readAgain(state, academyId, academyKey, tables, read, keep);
}

/** Forgets one answer of cachedPersonalRead in the current academy (a session renewed here: its kept expiry is old). */
export function forgetPersonalRead(db: object, key: string) {
  states.get(db)?.personal.delete(`${currentAcademyId()} ${key}`);
}

/** Reads `key` afresh (or joins the reading already under way); `keep` keeps the answer if it is still current. */
function readAgain<T>(state: State, academyId: string, key: string, tables: readonly WatchedTable[], read: () => Promise<T>, keep: (entry: Entry) => void): Promise<T> {
  const reading = state.readings.get(key);
  if (reading && reading.readAt === state.clock) return reading.promise as Promise<T>;

  const readAt = state.clock;
  const promise = declaredTables.run(tables, read).then((value) => {
    if (process.env.NODE_ENV === 'test') deepFreeze(value);
    // Kept only if nothing it was read from changed meanwhile and the notices kept coming.
    if (state.listening && isCurrent(state, readAt, academyId, tables)) {
      keep({ value, readAt, academyId, tables, expires: Date.now() + KEEP_MS });
      if (typeof value === 'object' && value !== null) keptAnswers.add(value);
    }
    return value;
  });
  state.readings.set(key, { promise, readAt });
  const forget = () => {
    if (state.readings.get(key)?.promise === promise) state.readings.delete(key);
  };
  promise.then(forget, forget);
  return promise;
}

/** Puts `entry` last in `list` (the last to be dropped), dropping the first when the list is full; returns the key dropped. */
function keepEntry(list: Map<string, Entry>, max: number, key: string, entry: Entry): string | undefined {
  list.delete(key);
  let dropped: string | undefined;
  if (list.size >= max) {
    dropped = list.keys().next().value!;
    list.delete(dropped);
  }
  list.set(key, entry);
  return dropped;
}

function stateOf(db: object): State {
  let state = states.get(db);
  if (!state) {
    state = {
      listening: false,
      clock: 0,
      changedAt: new Map(),
      everythingChangedAt: 0,
      academyChangedAt: new Map(),
      entries: new Map(),
      fresh: new Map(),
      askedOnce: new Set(),
      personal: new Map(),
      readings: new Map(),
    };
    states.set(db, state);
  }
  return state;
}

/**
 * A notice arrived: `table` (or, with EVERYTHING_CHANGED, every table) of `academyId` changed;
 * without an academy, of every academy.
 */
export function tableChanged(db: object, table: string, academyId?: string) {
  const state = stateOf(db);
  state.clock += 1;
  if (table === EVERYTHING_CHANGED) forgetEverything(db, academyId);
  else state.changedAt.set(`${academyId ?? '*'}:${table}`, state.clock);
}

/** Forgets every kept answer of `academyId`, or of every academy (this server changed something, or notices were missed). */
export function forgetEverything(db: object, academyId?: string) {
  const state = states.get(db);
  if (!state) return;
  state.clock += 1;
  if (academyId === undefined) {
    state.everythingChangedAt = state.clock;
    state.academyChangedAt.clear();
    state.changedAt.clear();
    state.entries.clear();
    state.fresh.clear();
    state.askedOnce.clear();
    state.personal.clear();
    state.readings.clear();
    return;
  }
  state.academyChangedAt.set(academyId, state.clock);
  for (const list of [state.entries, state.fresh, state.personal]) for (const [key, entry] of list) if (entry.academyId === academyId) list.delete(key);
  for (const key of state.readings.keys()) if (key.startsWith(`${academyId} `)) state.readings.delete(key);
}

/** Whether answers are kept now (the listening connection is up): tests wait for it. */
export function keepsAnswers(db: object): boolean {
  return states.get(db)?.listening ?? false;
}

/** The listening connection is up (answers may be kept) or down (nothing is kept or served). */
export function setListening(db: object, listening: boolean) {
  const state = stateOf(db);
  forgetEverything(db);
  state.listening = listening;
}

function deepFreeze(value: unknown) {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** A key from a name and the parts an answer depends on; a Set counts as its sorted members. */
export function cacheKey(name: string, ...parts: unknown[]): string {
  return `${name}:${JSON.stringify(parts, (_key, value: unknown) => (value instanceof Set ? [...(value as Set<unknown>)].map(String).sort() : value))}`;
}
