// GET /initial_data: what every page needs at start (spec §3 "Initial data").
import { z } from 'zod';
import { MoneySchema } from './common.ts';
import { CitySchema } from './cities.ts';
import { CountrySchema } from './countries.ts';

export const CurrencySchema = z.object({
  code: z.string(),
  fullName: z.string(),
  decimalMark: z.string(),
  exponent: z.number().int(),
  prefix: z.string(),
  suffix: z.string(),
  symbol: z.string(),
  thousandsSeparator: z.string(),
  /** Suggested gift-card amounts, major units. */
  commonGiftAmounts: z.array(z.number()),
});
export type Currency = z.infer<typeof CurrencySchema>;

/** Rates are stored from SGD to every currency; other pairs are derived through SGD. */
export const ExchangeRateSchema = z.object({ fromCurrency: z.string(), toCurrency: z.string(), rate: z.number() });
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

export const GiftCollectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The collection's slug (the spec calls it slugCode). */
  slugCode: z.string(),
  giftCountryId: z.number().int().nullable(),
});

export const GiftGuideNavSchema = z.object({ blogId: z.number().int(), title: z.string(), slug: z.string().nullable() });

export const InitialDataSchema = z.object({
  affiliateCappedAmount: MoneySchema,
  giftCollections: z.array(GiftCollectionSchema),
  /** Singapore first, then by optionsCount. */
  countries: z.array(CountrySchema),
  cities: z.array(CitySchema),
  currentGeolocation: z.object({ countryCode: z.string() }),
  exchangeRates: z.array(ExchangeRateSchema),
  checkoutSupportedCurrencies: z.array(CurrencySchema),
  settings: z.object({ giftGuideNavs: z.array(GiftGuideNavSchema), showBestOfListNav: z.boolean() }),
});
export type InitialData = z.infer<typeof InitialDataSchema>;

/** Settings rows read by /initial_data (table `settings`, key → JSON value; snake_case keys accepted too). */
export const SETTING_KEYS = {
  affiliateCappedAmount: 'affiliateCappedAmount', // Money in major units: { amount: 200, currency: 'SGD' } (or a bare SGD amount)
  giftGuideNavs: 'giftGuideNavs', // [{ blogId, title }]
  showBestOfListNav: 'showBestOfListNav', // boolean
} as const;
