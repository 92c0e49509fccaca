import { describe, expect, it } from 'vitest';
import { campaignFrom, rememberCampaign, UTM_KEY } from './utm.ts';

describe('campaignFrom', () => {
  it('reads name, source and medium', () => {
    expect(campaignFrom('?utm_campaign=monsoon&utm_source=newsletter&utm_medium=email&x=1')).toEqual({ name: 'monsoon', source: 'newsletter', medium: 'email' });
  });
  it('keeps what is there', () => expect(campaignFrom('?utm_source=ig')).toEqual({ name: null, source: 'ig', medium: null }));
  it.each(['', '?q=borneo', '?utm_campaign=&utm_source='])('is null for %j', (search) => expect(campaignFrom(search)).toBeNull());
});

describe('rememberCampaign', () => {
  it('writes ss_utm only when the URL has a campaign', () => {
    const data = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void data.set(k, v) };
    rememberCampaign('?q=x', storage);
    expect(data.size).toBe(0);
    rememberCampaign('?utm_campaign=spring', storage);
    expect(JSON.parse(data.get(UTM_KEY)!)).toEqual({ name: 'spring', source: null, medium: null });
  });
});
