// Spec §9: the welcome discount by geolocated country — Malaysia 30 MYR, Singapore 10 SGD,
// otherwise 10 USD. Amounts in major units; the referral reward uses the same table for the
// referrer's country.
export type WelcomeDiscount = { amount: number; currency: string };

const BY_COUNTRY: Record<string, WelcomeDiscount> = {
  MY: { amount: 30, currency: 'MYR' },
  SG: { amount: 10, currency: 'SGD' },
};
const DEFAULT: WelcomeDiscount = { amount: 10, currency: 'USD' };

export function welcomeDiscount(countryCode: string | null | undefined): WelcomeDiscount {
  const code = countryCode?.trim().toUpperCase();
  return { ...((code && BY_COUNTRY[code]) || DEFAULT) };
}
