// Campaign tracking (spec §3): utm_campaign/utm_source/utm_medium of the landing URL, kept
// for the session in sessionStorage `ss_utm` as { name, source, medium }.
export const UTM_KEY = 'ss_utm';

export type Campaign = { name: string | null; source: string | null; medium: string | null };

export function campaignFrom(search: string): Campaign | null {
  const params = new URLSearchParams(search);
  const pick = (key: string) => params.get(key)?.trim().slice(0, 200) || null;
  const campaign = { name: pick('utm_campaign'), source: pick('utm_source'), medium: pick('utm_medium') };
  return campaign.name || campaign.source || campaign.medium ? campaign : null;
}

/** Saves the campaign of this URL, if it has one; a later landing without UTM keeps the earlier one. */
export function rememberCampaign(search: string, storage: Pick<Storage, 'setItem'>): void {
  const campaign = campaignFrom(search);
  if (campaign) storage.setItem(UTM_KEY, JSON.stringify(campaign));
}
