// Spec §9: with no `currency` cookie, the storefront currency follows the visitor's country.
const EUROZONE = ['AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES'];
const BY_COUNTRY: Record<string, string> = {
  AU: 'AUD', GB: 'GBP', SG: 'SGD', MY: 'MYR', TH: 'THB', CN: 'CNY', JP: 'JPY', IN: 'INR', NZ: 'NZD', CA: 'CAD', CH: 'CHF',
  ...Object.fromEntries(EUROZONE.map((c) => [c, 'EUR'])),
};

export const DEFAULT_CURRENCY = 'USD';

/** The currency for an ISO 3166-1 alpha-2 country code (any case); USD when none applies. */
export function currencyForCountry(countryCode: string | null | undefined): string {
  return (countryCode && BY_COUNTRY[countryCode.trim().toUpperCase()]) || DEFAULT_CURRENCY;
}
