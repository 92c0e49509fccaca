// Currencies (spec §3 and §9), exchange rates from SGD, promotion codes and price helpers.
import { REFERENCE_DATE } from './prng.ts';

export type CurrencySeed = {
  code: string;
  fullName: string;
  symbol: string;
  prefix: string;
  suffix: string;
  decimalMark: string;
  thousandsSeparator: string;
  exponent: number;
  commonGiftAmounts: number[];
  checkoutSupported: boolean;
};

const STANDARD_GIFTS = [50, 100, 200, 500];

const c = (
  code: string,
  fullName: string,
  symbol: string,
  prefix: string,
  suffix: string,
  exponent: number,
  gifts: number[],
  decimalMark = '.',
  thousandsSeparator = ',',
): CurrencySeed => ({ code, fullName, symbol, prefix, suffix, decimalMark, thousandsSeparator, exponent, commonGiftAmounts: gifts, checkoutSupported: true });

/**
 * Every currency of spec §3 plus the extra checkout currencies of §9; all 18 are in the §9
 * checkout list, so all are checkout-supported. Gift amounts are in major units.
 */
export const CURRENCIES: CurrencySeed[] = [
  c('USD', 'US Dollar', '$', 'US$', '', 2, STANDARD_GIFTS),
  c('GBP', 'British Pound', '£', '£', '', 2, STANDARD_GIFTS),
  c('AUD', 'Australian Dollar', '$', 'A$', '', 2, STANDARD_GIFTS),
  c('EUR', 'Euro', '€', '€', '', 2, STANDARD_GIFTS),
  c('SGD', 'Singapore Dollar', '$', 'S$', '', 2, STANDARD_GIFTS),
  c('MYR', 'Malaysian Ringgit', 'RM', 'RM', '', 2, [200, 400, 800, 1000]),
  c('VND', 'Vietnamese Dong', '₫', '', ' ₫', 0, [500_000, 1_000_000, 2_000_000, 5_000_000], ',', '.'),
  c('IDR', 'Indonesian Rupiah', 'Rp', 'Rp ', '', 2, [500_000, 1_000_000, 2_000_000, 5_000_000], ',', '.'),
  c('THB', 'Thai Baht', '฿', '฿', '', 2, [1000, 2000, 5000, 10_000]),
  c('INR', 'Indian Rupee', '₹', '₹', '', 2, [2000, 5000, 10_000, 20_000]),
  c('CNY', 'Chinese Yuan', '¥', 'CN¥', '', 2, [300, 500, 1000, 2000]),
  c('JPY', 'Japanese Yen', '¥', '¥', '', 0, [5000, 10_000, 20_000, 50_000]),
  c('NZD', 'New Zealand Dollar', '$', 'NZ$', '', 2, STANDARD_GIFTS),
  c('CHF', 'Swiss Franc', 'CHF', 'CHF ', '', 2, STANDARD_GIFTS, '.', '’'),
  c('CAD', 'Canadian Dollar', '$', 'CA$', '', 2, STANDARD_GIFTS),
  c('LKR', 'Sri Lankan Rupee', 'Rs', 'Rs ', '', 2, [10_000, 20_000, 50_000, 100_000]),
  c('NPR', 'Nepalese Rupee', 'रू', 'Rs ', '', 2, [5000, 10_000, 20_000, 50_000]),
  c('TWD', 'New Taiwan Dollar', '$', 'NT$', '', 2, [1000, 2000, 5000, 10_000]),
];

/** One SGD in each currency (indicative late-2026 values). */
export const SGD_RATES: Record<string, string> = {
  SGD: '1',
  USD: '0.7720',
  GBP: '0.5830',
  AUD: '1.1650',
  EUR: '0.6680',
  MYR: '3.2850',
  VND: '20150',
  IDR: '12780',
  THB: '25.20',
  INR: '66.40',
  CNY: '5.5200',
  JPY: '116.80',
  NZD: '1.3120',
  CHF: '0.6190',
  CAD: '1.0710',
  LKR: '232.50',
  NPR: '106.20',
  TWD: '24.60',
};

export const EXPONENT = new Map(CURRENCIES.map((x) => [x.code, x.exponent]));

const INT_MAX = 2_147_483_647;
/** Major units (e.g. 68.5 THB) to integer minor units of that currency. */
export function toMinor(amount: number, currency: string): number {
  const exp = EXPONENT.get(currency);
  if (exp === undefined) throw new Error(`unknown currency ${currency}`);
  const minor = Math.round(amount * 10 ** exp);
  if (minor > INT_MAX) throw new Error(`${amount} ${currency} does not fit an integer column`);
  return minor;
}

/** Rounding step for a "nice" price in each currency, in major units. */
const NICE_STEP: Record<string, number> = {
  SGD: 1, USD: 1, MYR: 5, IDR: 25_000, THB: 50, VND: 50_000, LKR: 500, NPR: 100, INR: 100, TWD: 50, CNY: 10, JPY: 500,
};

/** Rounds a major-unit amount to a "nice" price step of its currency (never below one step). */
export function roundLocal(amount: number, currency: string): number {
  const step = NICE_STEP[currency] ?? 1;
  return Math.max(step, Math.round(amount / step) * step);
}

export function sgdRate(currency: string): number {
  const rate = Number(SGD_RATES[currency]);
  if (!rate) throw new Error(`no rate for ${currency}`);
  return rate;
}

/** Converts an SGD amount to a rounded local price in major units. */
export function localPrice(sgd: number, currency: string): number {
  return roundLocal(sgd * sgdRate(currency), currency);
}

export type PromotionSeed = {
  code: string;
  title: string;
  description: string;
  discountType: 'percent' | 'fixed';
  percentOff: number | null;
  amountOff: number | null;
  currencyCode: string;
  minSpend: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  redemptionsCount: number;
  isPublic: boolean;
  active: boolean;
};

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

export function promotionCodes(): PromotionSeed[] {
  const base = { currencyCode: 'SGD', minSpend: 0, startsAt: null, endsAt: null, maxRedemptions: null, redemptionsCount: 0, isPublic: true, active: true } as const;
  return [
    { ...base, code: 'WELCOME10', title: '10% off your first experience', description: 'New to Verdant? Take 10% off your first booking, any experience, any country.', discountType: 'percent', percentOff: 10, amountOff: null, redemptionsCount: 412 },
    { ...base, code: 'GREENSEASON', title: 'S$20 off green-season trips', description: 'Save S$20 on any booking of S$150 or more during the rainy months, when forests are at their lushest and trails are quiet.', discountType: 'fixed', percentOff: null, amountOff: 2000, minSpend: 15_000, startsAt: day('2026-05-01'), endsAt: day('2027-03-31'), redemptionsCount: 96 },
    { ...base, code: 'EARTHDAY25', title: 'Earth Day: 25% off', description: 'Our Earth Day thank-you to travellers who choose community-run experiences. This offer has ended.', discountType: 'percent', percentOff: 25, amountOff: null, startsAt: day('2026-04-20'), endsAt: day('2026-04-27'), maxRedemptions: 500, redemptionsCount: 500 },
    { ...base, code: 'FRIENDS15', title: '15% off for friends of Verdant', description: 'A private code for our partners’ guests.', discountType: 'percent', percentOff: 15, amountOff: null, isPublic: false, maxRedemptions: 200, redemptionsCount: 31 },
    { ...base, code: 'TRAILCREW50', title: 'S$50 off group bookings', description: 'For clubs and teams: S$50 off bookings of S$400 or more.', discountType: 'fixed', percentOff: null, amountOff: 5000, minSpend: 40_000, isPublic: false, redemptionsCount: 7 },
    { ...base, code: 'MONSOONMY', title: 'RM30 off in Malaysia', description: 'RM30 off any Malaysian experience booked in ringgit.', discountType: 'fixed', percentOff: null, amountOff: 3000, currencyCode: 'MYR', minSpend: 10_000, startsAt: day('2026-09-01'), endsAt: new Date(REFERENCE_DATE.getTime() + 120 * 86_400_000), redemptionsCount: 58 },
  ];
}
