// Small formatters of the account pages (credits, gift codes, referrals), in the browser's
// locale rules for en-GB.
import type { Money } from '../contract/common.ts';

export function formatCredit(money: Money): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: money.currency, currencyDisplay: 'code' }).format(money.amount).replace(/\u00a0/g, ' ');
  } catch {
    return `${money.currency} ${money.amount}`;
  }
}

/**
 * A gift code's amount converted into the credit currency via SGD, with the rate used:
 * "SGD 100.00 → MYR 330.00 at 1 SGD = 3.30 MYR".
 */
export function formatConversion(amount: Money, converted: { amount: Money; rate: number }): string {
  const parts = conversionParts(amount, converted);
  return `${formatCredit(amount)} → ${parts.amount} at ${parts.rate}`;
}

/** The two halves of a conversion, shown on their own lines: "MYR 330.00" and "1 SGD = 3.30 MYR". */
export function conversionParts(amount: Money, converted: { amount: Money; rate: number }): { amount: string; rate: string } {
  const rate = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(converted.rate);
  return { amount: formatCredit(converted.amount), rate: `1 ${amount.currency} = ${rate} ${converted.amount.currency}` };
}

export function formatDay(iso: string): string {
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d) : '';
}

/** Where an account path leads: the section and, for a gift code, its id. */
export type AccountRoute =
  | { section: 'home' }
  | { section: 'profile' | 'phone-number' | 'credits' | 'payment-cards' | 'referral' | 'bucket-list' | 'gift-codes' | 'trips' }
  | { section: 'gift-code'; id: string }
  | { section: 'unknown' };

export function accountRoute(pathname: string): AccountRoute {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'account') return { section: 'unknown' };
  const [, first, second] = parts;
  if (!first) return { section: 'home' };
  if (first === 'gift-codes' && second) return parts.length === 3 ? { section: 'gift-code', id: decodeURIComponent(second) } : { section: 'unknown' };
  if (first === 'trips') return { section: 'trips' };
  if (parts.length > 2) return { section: 'unknown' };
  const known = ['profile', 'phone-number', 'credits', 'payment-cards', 'referral', 'bucket-list', 'gift-codes'] as const;
  return (known as readonly string[]).includes(first) ? { section: first as (typeof known)[number] } : { section: 'unknown' };
}
