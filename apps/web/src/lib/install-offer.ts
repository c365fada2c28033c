/*
 * The offer to add the academy's app to the home screen (issue 78): after a parent's or student's
 * second sign-in on a phone that has not installed it, once; never again after it is dismissed. Counted
 * per device in localStorage. Android's install prompt (beforeinstallprompt) is caught as early as the
 * page starts (start.ts), since the browser fires it once, before any screen asks.
 */
const SIGN_INS = 'academy-sign-ins';
const DISMISSED = 'academy-install-offer-dismissed';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    dismissInstallOffer();
  });
}

export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

export function onInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** One more sign-in on this device (a password or a code; not a page reload). */
export function countSignIn(): void {
  try {
    localStorage.setItem(SIGN_INS, String((Number(read(SIGN_INS)) || 0) + 1));
  } catch {
    // Private mode without storage: no offer, nothing else changes.
  }
}

export function dismissInstallOffer(): void {
  try {
    localStorage.setItem(DISMISSED, '1');
  } catch {
    // As above.
  }
}

export type InstallFacts = { offered: boolean; signIns: number; dismissed: boolean; installed: boolean; phone: boolean; platform: 'android' | 'ios' | 'other'; promptReady: boolean };

/** Whether to show the offer, and which kind: Android's prompt, iPhone's two steps, or none. */
export function installOfferKind(facts: InstallFacts): 'prompt' | 'ios-steps' | null {
  if (!facts.offered) return null;
  if (facts.signIns < 2 || facts.dismissed || facts.installed || !facts.phone) return null;
  if (facts.platform === 'ios') return 'ios-steps';
  return facts.promptReady ? 'prompt' : null;
}

/** This device as the offer needs it. */
export function installFacts(offered: boolean): InstallFacts {
  const agent = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(agent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return {
    offered,
    signIns: Number(read(SIGN_INS)) || 0,
    dismissed: read(DISMISSED) === '1',
    installed: window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true,
    phone: window.matchMedia('(pointer: coarse)').matches && window.matchMedia('(max-width: 900px)').matches,
    platform: ios ? 'ios' : /Android/.test(agent) ? 'android' : 'other',
    promptReady: deferred !== null,
  };
}

/** Whether this device would show the offer now (the shell loads the offer's code only then). */
export function mayOfferInstall(offered: boolean): boolean {
  return installOfferKind(installFacts(offered)) !== null;
}
