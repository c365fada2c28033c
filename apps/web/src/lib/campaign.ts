/*
 * The campaign of the link a visitor came by (utm_source, utm_campaign; issue 41), kept for the tab so
 * that an enquiry sent after browsing the site still says which newspaper insert or WhatsApp post
 * brought the family. A file of its own: the page's first script (start.ts) keeps it on every landing
 * without loading the app.
 */

const CAMPAIGN_STORAGE_KEY = 'academy.campaign';
/** The API keeps at most this much of each tag (UTM_MAX_LENGTH in the shared schema). */
const MAX_LENGTH = 100;

export type Campaign = { utmSource: string | null; utmCampaign: string | null };

function tag(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim().slice(0, MAX_LENGTH) ?? '';
  return value === '' ? null : value;
}

/** Keeps the address's campaign, if it has one (a newer link replaces an older one). */
export function rememberCampaign(search: string): void {
  const params = new URLSearchParams(search);
  const campaign: Campaign = { utmSource: tag(params, 'utm_source'), utmCampaign: tag(params, 'utm_campaign') };
  if (!campaign.utmSource && !campaign.utmCampaign) return;
  try {
    window.sessionStorage.setItem(CAMPAIGN_STORAGE_KEY, JSON.stringify(campaign));
  } catch {
    // Private mode or storage full: the enquiry is sent without its campaign.
  }
}

/** The campaign kept for this tab, or nothing. */
export function rememberedCampaign(): Campaign {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(CAMPAIGN_STORAGE_KEY) ?? 'null') as Partial<Campaign> | null;
    const text = (field: unknown) => (typeof field === 'string' && field !== '' ? field.slice(0, MAX_LENGTH) : null);
    return { utmSource: text(value?.utmSource), utmCampaign: text(value?.utmCampaign) };
  } catch {
    return { utmSource: null, utmCampaign: null };
  }
}
