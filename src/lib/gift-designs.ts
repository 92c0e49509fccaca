// The gift card designs (spec §7 GET /gift-cards): a fixed set, drawn as CSS gradients so a
// card looks complete without an image download. Pure data: islands, server and e-mails share it.
export type GiftDesign = { id: string; name: string; tagline: string; from: string; to: string; ink: string };

export const GIFT_DESIGNS: readonly GiftDesign[] = [
  { id: 'canopy', name: 'Canopy', tagline: 'For the one who climbs every tree', from: '#1F3A2E', to: '#4E7A55', ink: '#FFFFFF' },
  { id: 'reef', name: 'Reef', tagline: 'For the one who is happiest underwater', from: '#0F4C5C', to: '#2E8B8B', ink: '#FFFFFF' },
  { id: 'summit', name: 'Summit', tagline: 'For the one who wants to see the sunrise from the top', from: '#5B3A29', to: '#C8643B', ink: '#FFFFFF' },
  { id: 'paddy', name: 'Paddy', tagline: 'For the one who likes the slow road', from: '#F4EFE6', to: '#D9CBB0', ink: '#1B1B1B' },
];

export const giftDesign = (id: string): GiftDesign | undefined => GIFT_DESIGNS.find((d) => d.id === id);

/** The common gift amounts of a currency (spec §9), in major units, when the currency row has none. */
export function commonGiftAmounts(currency: string, stored: readonly number[] = []): number[] {
  if (stored.length > 0) return [...stored];
  if (currency === 'MYR') return [200, 400, 800, 1000];
  if (currency === 'VND') return [500_000, 1_000_000, 2_000_000, 5_000_000];
  if (currency === 'IDR') return [500_000, 1_000_000, 2_000_000, 5_000_000];
  if (currency === 'JPY') return [5_000, 10_000, 20_000, 50_000];
  return [50, 100, 200, 500];
}

/** A custom amount is allowed between the smallest common amount's fifth and ten times the largest. */
export function giftAmountLimits(common: readonly number[]): { min: number; max: number } {
  const sorted = [...common].sort((a, b) => a - b);
  return { min: (sorted[0] ?? 50) / 5, max: (sorted.at(-1) ?? 500) * 10 };
}

/** The printed text of a gift card code: groups of five, for reading aloud and typing. */
export const formatGiftCode = (code: string) => code.replace(/[^A-Z0-9]/gi, '').toUpperCase().replace(/(.{5})(?=.)/g, '$1-');
