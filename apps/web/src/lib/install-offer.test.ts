import { describe, expect, it } from 'vitest';
import { installOfferKind, type InstallFacts } from './install-offer';

const phone: InstallFacts = { offered: true, signIns: 2, dismissed: false, installed: false, phone: true, platform: 'android', promptReady: true };

describe('the install offer', () => {
  it('comes on the second sign-in of a parent or student on a phone: Android prompt or the iPhone steps', () => {
    expect(installOfferKind(phone)).toBe('prompt');
    expect(installOfferKind({ ...phone, signIns: 5 })).toBe('prompt');
    expect(installOfferKind({ ...phone, platform: 'ios', promptReady: false })).toBe('ios-steps');
  });

  it('never on the first sign-in, once dismissed or installed, on a computer, for the office, or without a prompt to show', () => {
    expect(installOfferKind({ ...phone, signIns: 1 })).toBeNull();
    expect(installOfferKind({ ...phone, dismissed: true })).toBeNull();
    expect(installOfferKind({ ...phone, installed: true })).toBeNull();
    expect(installOfferKind({ ...phone, phone: false })).toBeNull();
    // Staff are not offered it (the session's `app.install-offer` ability).
    expect(installOfferKind({ ...phone, offered: false })).toBeNull();
    expect(installOfferKind({ ...phone, promptReady: false })).toBeNull();
  });
});
