import { beforeEach, describe, expect, it } from 'vitest';
import { rememberCampaign, rememberedCampaign } from './campaign';

// The tests run in Node: a tab's sessionStorage, as a map.
beforeEach(() => {
  const store = new Map<string, string>();
  const sessionStorage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
  Object.assign(globalThis, { window: { sessionStorage } });
});

describe('the campaign of the link a visitor came by (issue 41)', () => {
  it('keeps utm_source and utm_campaign from the landing address for the rest of the visit', () => {
    rememberCampaign('?utm_source=whatsapp&utm_campaign=%20june-batches%20&lang=mr');
    // Browsing on without tags keeps the landing's campaign.
    rememberCampaign('');
    rememberCampaign('?search=maths');
    expect(rememberedCampaign()).toEqual({ utmSource: 'whatsapp', utmCampaign: 'june-batches' });
    // A newer tagged link replaces it.
    rememberCampaign('?utm_source=newspaper');
    expect(rememberedCampaign()).toEqual({ utmSource: 'newspaper', utmCampaign: null });
  });

  it('cuts a tag to 100 characters and reads nothing when nothing was kept', () => {
    expect(rememberedCampaign()).toEqual({ utmSource: null, utmCampaign: null });
    rememberCampaign(`?utm_campaign=${'x'.repeat(150)}`);
    expect(rememberedCampaign().utmCampaign).toHaveLength(100);
  });
});
