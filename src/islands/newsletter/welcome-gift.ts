// Spec §9: the welcome discount by geolocated country.
export type WelcomeGift = { amount: number; currency: string };

export function welcomeGift(countryCode: string | null | undefined): WelcomeGift {
  switch (countryCode?.toUpperCase()) {
    case 'MY':
      return { amount: 30, currency: 'MYR' };
    case 'SG':
      return { amount: 10, currency: 'SGD' };
    default:
      return { amount: 10, currency: 'USD' };
  }
}

/** A hint when the geolocation cannot be asked: the first-visit currency follows the country. */
export function countryFromCurrency(currency: string | undefined): string | undefined {
  return currency === 'MYR' ? 'MY' : currency === 'SGD' ? 'SG' : undefined;
}

export const formatGift = ({ amount, currency }: WelcomeGift) => `${amount} ${currency}`;
