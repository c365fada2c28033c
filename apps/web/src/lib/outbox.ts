import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError, isNetworkFailure } from './api-client';
import { readUserItem, removeUserItem, writeUserItem } from './user-storage';

/**
 * What the phone's outboxes share (the attendance's, the hand-ins' and the OMR sheets'): each keeps the
 * signed-in person's own entries, sends them only under their owner's session, stops a run at a network
 * failure or an ended session (the entry waits) and keeps a refusal with the server's words.
 */

/** No connection, or no session any more: the entry waits, untouched, for its owner's next session. */
export function mustWait(error: unknown): boolean {
  return isNetworkFailure(error) || (error instanceof ApiError && error.status === 401);
}

export type WithStore = <T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) => Promise<T>;

/**
 * One IndexedDB object store (photos and pages are too big for localStorage). The function it returns
 * runs one request in its own transaction and resolves with its result once the transaction has committed.
 */
export function indexedDbStore(dbName: string, storeName: string): WithStore {
  function openStore(): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB is not available'));
    });
  }
  return async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await openStore();
    try {
      return await new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(storeName, mode);
        const request = run(transaction.objectStore(storeName));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
      });
    } finally {
      db.close();
    }
  };
}

/** An outbox's list of waiting entries, kept as the person's item (lib/user-storage.ts). */
export interface UserOutboxList<Entry extends { userId: string }> {
  /** The user's waiting entries, oldest first (the same array while nothing changed, for useSyncExternalStore). */
  read: (userId: string) => Entry[];
  write: (userId: string, entries: Entry[]) => void;
  /** Calls `onChange` on every change, in this tab (`changedEvent`) or another (`storage`). */
  subscribe: (onChange: () => void) => () => void;
}

export function userOutboxList<Entry extends { userId: string }>(name: string, changedEvent: string): UserOutboxList<Entry> {
  const none: Entry[] = [];
  let cached: { userId: string; raw: string | null; entries: Entry[] } = { userId: '', raw: null, entries: none };
  const parse = (raw: string | null): Entry[] => {
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as Entry[]) : [];
    } catch {
      return [];
    }
  };
  return {
    read(userId) {
      const raw = readUserItem(userId, name);
      if (userId === cached.userId && raw === cached.raw) return cached.entries;
      // An entry naming someone else is not this user's to see or send, wherever it is stored.
      cached = { userId, raw, entries: parse(raw).filter((entry) => entry.userId === userId) };
      return cached.entries;
    },
    write(userId, entries) {
      if (entries.length === 0) removeUserItem(userId, name);
      else writeUserItem(userId, name, JSON.stringify(entries));
      window.dispatchEvent(new Event(changedEvent));
    },
    subscribe(onChange) {
      window.addEventListener(changedEvent, onChange);
      window.addEventListener('storage', onChange); // another tab
      return () => {
        window.removeEventListener(changedEvent, onChange);
        window.removeEventListener('storage', onChange);
      };
    },
  };
}

/** One sending run at a time per user: a call while that user's run goes on gets the same run. */
export function oneRunPerUser<Result>(send: (userId: string) => Promise<Result>): (userId: string) => Promise<Result> {
  let sending: { userId: string; run: Promise<Result> } | null = null;
  return (userId) => {
    if (sending?.userId === userId) return sending.run;
    const run = send(userId).finally(() => {
      if (sending?.run === run) sending = null;
    });
    sending = { userId, run };
    return run;
  };
}

/** What waits for the signed-in person (`userId`; nothing without one), kept up to date. */
export function useWaitingEntries<Entry>(userId: string | undefined, subscribe: (onChange: () => void) => () => void, read: (userId: string) => Entry[], none: Entry[]): Entry[] {
  const readNow = useCallback(() => (userId ? read(userId) : none), [userId, read, none]);
  return useSyncExternalStore(subscribe, readNow, () => none);
}

/** Calls `send` now and whenever the browser is back online (an outbox's sender, mounted in the shell). */
export function useSendWhenOnline(send: () => void) {
  useEffect(() => {
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [send]);
}
