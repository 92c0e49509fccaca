// Ambassador commission arithmetic (ADR 0024), pure and exact: integer minor units, conversion
// through SGD with the money module, the per-booking cap unless the ambassador is uncapped,
// reversal of the whole earning when the booking is cancelled or refunded, nothing for a
// self-referral or a click older than the attribution window.
import { convertMinor, type CurrencyUnit, type RateTable } from './money.ts';

/** A booking is attributed when it is paid within this many days of the last click. */
export const ATTRIBUTION_DAYS = 30;
export const ATTRIBUTION_MS = ATTRIBUTION_DAYS * 86_400_000;
/** Statements below this (programme currency, minor units of SGD) carry over to the next month. */
export const MINIMUM_PAYOUT_MINOR = 5000;
export const DEFAULT_RATE_BPS = 500;

export type CommissionInput = {
  /** The booking's net value (after discounts, before the conversion fee) in its base currency. */
  basis: { amount: number; unit: CurrencyUnit };
  /** The programme currency and the per-booking cap in it (initial data affiliateCappedAmount). */
  cap: { amount: number; unit: CurrencyUnit };
  rateBps: number;
  uncapped: boolean;
  rates: RateTable;
  selfReferral: boolean;
  clickedAt: Date;
  paidAt: Date;
};

export type Commission =
  | { earns: true; amount: number; currency: string; capped: boolean; basisInProgramme: number }
  | { earns: false; reason: 'self_referral' | 'click_expired' | 'click_after_payment' | 'nothing_paid' };

/** half away from zero, integers only */
function bpsOf(amount: number, bps: number): number {
  const num = BigInt(amount) * BigInt(bps);
  const q = (num * 2n + 10_000n) / 20_000n;
  return Number(q);
}

export function commissionFor(i: CommissionInput): Commission {
  if (!Number.isInteger(i.rateBps) || i.rateBps < 0 || i.rateBps > 10_000) throw new Error(`Bad commission rate: ${i.rateBps}`);
  if (i.selfReferral) return { earns: false, reason: 'self_referral' };
  const age = i.paidAt.getTime() - i.clickedAt.getTime();
  if (age < 0) return { earns: false, reason: 'click_after_payment' };
  if (age > ATTRIBUTION_MS) return { earns: false, reason: 'click_expired' };
  if (i.basis.amount <= 0) return { earns: false, reason: 'nothing_paid' };
  const basisInProgramme = convertMinor(i.basis.amount, i.basis.unit, i.cap.unit, i.rates);
  const raw = bpsOf(basisInProgramme, i.rateBps);
  const capped = !i.uncapped && raw > i.cap.amount;
  return { earns: true, amount: capped ? i.cap.amount : raw, currency: i.cap.unit.code, capped, basisInProgramme };
}

/** The ledger row that undoes an earning: a cancelled or refunded booking earns nothing. */
export function reversalOf(earned: number, alreadyReversed: number): number {
  if (alreadyReversed !== 0) return 0;
  return earned === 0 ? 0 : -earned;
}

export const REPORT_PERIODS = ['last_7_days', 'last_30_days', 'last_90_days', 'last_month', 'current_month', 'all_time'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** [from, to) in UTC for a report period; all_time starts at the epoch. */
export function periodRange(period: ReportPeriod, now: Date): { from: Date; to: Date } {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const tomorrow = new Date(day + 86_400_000);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  switch (period) {
    case 'last_7_days':
      return { from: new Date(day - 6 * 86_400_000), to: tomorrow };
    case 'last_30_days':
      return { from: new Date(day - 29 * 86_400_000), to: tomorrow };
    case 'last_90_days':
      return { from: new Date(day - 89 * 86_400_000), to: tomorrow };
    case 'current_month':
      return { from: new Date(monthStart), to: tomorrow };
    case 'last_month':
      return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), to: new Date(monthStart) };
    case 'all_time':
      return { from: new Date(0), to: tomorrow };
  }
}

/** Days (YYYY-MM-DD) of a range, for the chart; all_time is shown by month instead. */
export function daysOf(range: { from: Date; to: Date }): string[] {
  const out: string[] = [];
  for (let t = range.from.getTime(); t < range.to.getTime(); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export type MonthTotals = { month: string; earned: number; reversed: number };
export type Statement = MonthTotals & { net: number; payable: number; status: 'open' | 'pending' | 'paid' | 'carried_forward'; paidAt: string | null };

/**
 * Monthly statements from the ledger's month totals, oldest first: the running month is open;
 * a closed month's net is payable once the unpaid running total reaches the minimum, otherwise it
 * carries forward; a month settled by a payout (payout month ≥ statement month) is paid.
 */
export function buildStatements(months: readonly MonthTotals[], payouts: readonly { month: string; paidAt: string }[], currentMonth: string, minimum = MINIMUM_PAYOUT_MINOR): Statement[] {
  const sorted = [...months].sort((a, b) => a.month.localeCompare(b.month));
  const settled = [...payouts].sort((a, b) => a.month.localeCompare(b.month));
  const out: Statement[] = [];
  let carry = 0;
  for (const m of sorted) {
    const net = m.earned + m.reversed;
    const payout = settled.find((p) => p.month >= m.month);
    if (payout) {
      out.push({ ...m, net, payable: 0, status: 'paid', paidAt: payout.paidAt });
      carry = 0;
      continue;
    }
    if (m.month >= currentMonth) {
      out.push({ ...m, net, payable: 0, status: 'open', paidAt: null });
      continue;
    }
    carry += net;
    if (carry >= minimum) {
      out.push({ ...m, net, payable: carry, status: 'pending', paidAt: null });
      carry = 0;
    } else {
      out.push({ ...m, net, payable: 0, status: 'carried_forward', paidAt: null });
    }
  }
  return out;
}
