import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiError, normalizeError } from '../../lib/api-client';
import { deletePushSubscription, fetchPushPublicKey, PUSH_FAILURES, savePushSubscription } from './api';
import { base64UrlToUint8Array, pushStateOf, pushSupported, sameKey, type PushState } from './push-support';

/**
 * Which account this browser's subscription was made for. A device fact, not a person's unsent work
 * (lib/user-storage.ts): on a shared phone the next person sees "off" and turning it on moves the
 * subscription to them (the server keeps one row per browser).
 */
const OWNER_KEY = 'academy.push-owner';
const READY_TIMEOUT_MS = 10_000;

function readOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(OWNER_KEY, userId);
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Private mode: the state is read again from the browser next time.
  }
}

/** The app's service worker, once it is running (it registers after the page's load). */
async function readyRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READY_TIMEOUT_MS))]);
}

/** What this browser says now: permission, and whether it holds this person's subscription. */
async function browserState(userId: string): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const subscription = registration ? await registration.pushManager.getSubscription().catch(() => null) : null;
  return pushStateOf({ supported: true, permission: Notification.permission, subscribed: subscription !== null, ownedByThisUser: readOwner() === userId });
}

/** The "Notifications on this phone" switch: its state, and turning it on or off. */
export function usePushNotifications(userId: string) {
  const { t } = useLingui();
  const supported = typeof window !== 'undefined' && pushSupported(window);
  const [state, setState] = useState<PushState>(supported ? 'checking' : 'unsupported');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let current = true;
    void browserState(userId).then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [supported, userId]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setState('blocked');
      if (permission !== 'granted') return setError(t`Notifications stay off: the browser's question was closed without allowing them.`);
      const registration = await readyRegistration();
      if (!registration) return setError(t`The app is still getting ready on this phone. Please try again in a moment.`);
      const publicKey = await fetchPushPublicKey();
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      if (!subscription) {
        try {
          subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToUint8Array(publicKey) });
        } catch {
          return setError(t`This browser could not turn on notifications (its push service did not answer). Please try again later, or use the app installed from Chrome.`);
        }
      }
      const json = subscription.toJSON();
      await savePushSubscription({ endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
      writeOwner(userId);
      setState('on');
    } catch (caught) {
      setError(normalizeError(caught instanceof ApiError ? caught : undefined, PUSH_FAILURES.on).message);
    } finally {
      setBusy(false);
    }
  }, [t, userId]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = registration ? await registration.pushManager.getSubscription() : null;
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      writeOwner(null);
      setState('off');
    } catch (caught) {
      setError(normalizeError(caught instanceof ApiError ? caught : undefined, PUSH_FAILURES.off).message);
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, error, turnOn, turnOff };
}
