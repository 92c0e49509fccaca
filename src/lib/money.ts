// Money for amounts that are charged: integer minor units per currency exponent (VND and JPY
// have none, most currencies two), exact conversion through SGD and the 1.02 conversion fee.
// Pure and exact: rates are decimal strings and every conversion runs in BigInt, rounded once,
// half away from zero. (src/lib/format-money.ts formats and converts indicative prices.)
import type { Money } from '../contract/common.ts';

/** An amount in integer minor units (cents, yen, dong) of `currency`. */
export type MinorMoney = { amount: number; currency: string };

/** The currency facts money needs. */
export type CurrencyUnit = { code: string; exponent: number };

/** One SGD in each currency as a decimal (number or string), by code. SGD itself is 1. */
export type RateTable = Readonly<Record<string, string | number>>;

/** Spec §9: the multiplier on exchanged amounts (applied when the traveller pays in another currency). */
export const CONVERSION_FEE = '1.02';

/** Conversion goes through SGD (spec §9). */
export const BASE_CURRENCY = 'SGD';

export class UnknownCurrencyError extends Error {
  constructor(code: string) {
    super(`Encounter unsupported currency: ${code} is not supported`);
    this.name = 'UnknownCurrencyError';
  }
}

type Decimal = { units: bigint; scale: number }; // value = units / 10^scale

function decimal(value: string | number): Decimal {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`Not a decimal: ${String(value)}`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const units = BigInt(`${m[1]}${m[2] || '0'}${frac}`);
  return { units, scale: frac.length };
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not a finite number: ${n}`);
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : s;
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/** num / den rounded half away from zero (den > 0). */
function divRound(num: bigint, den: bigint): bigint {
  const neg = num < 0n;
  const a = neg ? -num : num;
  const q = (a * 2n + den) / (den * 2n);
  return neg ? -q : q;
}

export function isWholeMinor(amount: number): boolean {
  return Number.isSafeInteger(amount);
}

/** Major units on the wire (12.5 SGD) → integer minor units (1250), rounded to the exponent. */
export function toMinor(major: number, exponent: number): number {
  const d = decimal(major);
  const shift = exponent - d.scale;
  const units = shift >= 0 ? d.units * pow10(shift) : divRound(d.units, pow10(-shift));
  return Number(units);
}

/** Integer minor units → major units for the wire (spec §5: rounded to the currency's exponent). */
export function toMajor(minor: number, exponent: number): number {
  if (!isWholeMinor(minor)) throw new Error(`Minor units must be whole: ${minor}`);
  return exponent === 0 ? minor : Number(`${minor}e-${exponent}`);
}

export function toWireMoney(m: MinorMoney, exponent: number): Money {
  return { amount: toMajor(m.amount, exponent), currency: m.currency };
}

function rateOf(rates: RateTable, code: string): Decimal {
  if (code === BASE_CURRENCY) return { units: 1n, scale: 0 };
  const r = rates[code];
  if (r === undefined) throw new UnknownCurrencyError(code);
  const d = decimal(r);
  if (d.units <= 0n) throw new UnknownCurrencyError(code);
  return d;
}

export type ConvertOptions = { fee?: boolean };

/**
 * Converts integer minor units of `from` into integer minor units of `to`, through SGD:
 *   to = from / rate(from) × rate(to) [× 1.02], each side at its own exponent, rounded once.
 * The same currency converts to itself unchanged (no fee: nothing is exchanged).
 */
export function convertMinor(amount: number, from: CurrencyUnit, to: CurrencyUnit, rates: RateTable, opts: ConvertOptions = {}): number {
  if (!isWholeMinor(amount)) throw new Error(`Minor units must be whole: ${amount}`);
  if (from.code === to.code) return amount;
  const rf = rateOf(rates, from.code);
  const rt = rateOf(rates, to.code);
  const fee = opts.fee ? decimal(CONVERSION_FEE) : { units: 1n, scale: 0 };
  // amount/10^ef / (rf.units/10^rf.scale) × (rt.units/10^rt.scale) × (fee.units/10^fee.scale) × 10^et
  let num = BigInt(amount) * rt.units * fee.units * pow10(rf.scale) * pow10(to.exponent);
  let den = rf.units * pow10(rt.scale) * pow10(fee.scale) * pow10(from.exponent);
  if (den < 0n) [num, den] = [-num, -den];
  return Number(divRound(num, den));
}

/** How many `to` one `from` buys (for display), optionally with the fee; `digits` significant decimals. */
export function exchangeRate(from: string, to: string, rates: RateTable, opts: ConvertOptions & { digits?: number } = {}): number {
  if (from === to) return 1;
  const rf = rateOf(rates, from);
  const rt = rateOf(rates, to);
  const fee = opts.fee ? decimal(CONVERSION_FEE) : { units: 1n, scale: 0 };
  const digits = opts.digits ?? 6;
  const num = rt.units * fee.units * pow10(rf.scale) * pow10(digits);
  const den = rf.units * pow10(rt.scale) * pow10(fee.scale);
  return Number(`${divRound(num, den)}e-${digits}`);
}

/** Sum of minor amounts of one currency. */
export function sumMinor(amounts: readonly number[]): number {
  let total = 0;
  for (const a of amounts) {
    if (!isWholeMinor(a)) throw new Error(`Minor units must be whole: ${a}`);
    total += a;
  }
  if (!Number.isSafeInteger(total)) throw new Error('Amount out of range');
  return total;
}

/** A percentage of an amount, rounded half away from zero to whole minor units. */
export function percentOf(amount: number, percent: number): number {
  const p = decimal(percent);
  return Number(divRound(BigInt(amount) * p.units, 100n * pow10(p.scale)));
}
