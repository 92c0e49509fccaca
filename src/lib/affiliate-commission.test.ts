import { describe, expect, it } from 'vitest';
import { buildStatements, commissionFor, type CommissionInput, periodRange, reversalOf } from './affiliate-commission.ts';

const SGD = { code: 'SGD', exponent: 2 };
const MYR = { code: 'MYR', exponent: 2 };
const JPY = { code: 'JPY', exponent: 0 };
const VND = { code: 'VND', exponent: 0 };
const USD = { code: 'USD', exponent: 2 };
const rates = { MYR: '3.5', JPY: '110', VND: '18000', USD: '0.74' };
const paidAt = new Date('2026-11-20T10:00:00Z');
const base: CommissionInput = {
  basis: { amount: 10_000, unit: SGD },
  cap: { amount: 20_000, unit: SGD },
  rateBps: 500,
  uncapped: false,
  rates,
  selfReferral: false,
  clickedAt: new Date('2026-11-19T10:00:00Z'),
  paidAt,
};

describe.each([
  // name, overrides, expected amount (SGD cents), capped
  ['5% of S$100', {}, 500, false],
  ['8% of S$100', { rateBps: 800 }, 800, false],
  ['rounds half away from zero', { basis: { amount: 1_010, unit: SGD }, rateBps: 250 }, 25, false],
  ['0% earns zero', { rateBps: 0 }, 0, false],
  ['capped at S$200', { basis: { amount: 5_000_000, unit: SGD } }, 20_000, true],
  ['exactly at the cap is not capped', { basis: { amount: 400_000, unit: SGD } }, 20_000, false],
  ['uncapped privilege lifts the cap', { basis: { amount: 5_000_000, unit: SGD }, uncapped: true }, 250_000, false],
  ['MYR booking converted to SGD', { basis: { amount: 35_000, unit: MYR } }, 500, false],
  ['JPY (no minor unit) converted to SGD', { basis: { amount: 11_000, unit: JPY } }, 500, false],
  ['VND booking, capped', { basis: { amount: 900_000_000, unit: VND } }, 20_000, true],
  ['USD booking', { basis: { amount: 7_400, unit: USD } }, 500, false],
  ['cap in another programme currency', { cap: { amount: 50_000, unit: MYR } }, 1_750, false],
  ['click on the last day of the window', { clickedAt: new Date(paidAt.getTime() - 30 * 86_400_000) }, 500, false],
] as const)('commissionFor: %s', (_name, over, amount, capped) => {
  it('earns the expected amount', () => {
    const c = commissionFor({ ...base, ...over } as CommissionInput);
    expect(c).toMatchObject({ earns: true, amount, capped });
  });
});

describe.each([
  ['self-referral', { selfReferral: true }, 'self_referral'],
  ['click older than 30 days', { clickedAt: new Date(paidAt.getTime() - 30 * 86_400_000 - 1) }, 'click_expired'],
  ['click after the payment', { clickedAt: new Date(paidAt.getTime() + 1000) }, 'click_after_payment'],
  ['a free booking', { basis: { amount: 0, unit: SGD } }, 'nothing_paid'],
] as const)('commissionFor earns nothing: %s', (_name, over, reason) => {
  it('says why', () => {
    expect(commissionFor({ ...base, ...over } as CommissionInput)).toEqual({ earns: false, reason });
  });
});

it('refuses an impossible rate', () => {
  expect(() => commissionFor({ ...base, rateBps: 10_001 })).toThrow(/rate/);
  expect(() => commissionFor({ ...base, rateBps: 1.5 })).toThrow(/rate/);
});

describe.each([
  ['reverses the whole earning', 500, 0, -500],
  ['reverses a capped earning', 20_000, 0, -20_000],
  ['a second reversal does nothing', 500, -500, 0],
  ['nothing earned, nothing reversed', 0, 0, 0],
])('reversalOf: %s', (_n, earned, already, want) => {
  it('gives the ledger amount', () => expect(reversalOf(earned, already)).toBe(want));
});

describe('periodRange', () => {
  const now = new Date('2026-11-26T21:00:00Z');
  it.each([
    ['last_7_days', '2026-11-20', '2026-11-27'],
    ['last_30_days', '2026-10-28', '2026-11-27'],
    ['last_90_days', '2026-08-29', '2026-11-27'],
    ['current_month', '2026-11-01', '2026-11-27'],
    ['last_month', '2026-10-01', '2026-11-01'],
    ['all_time', '1970-01-01', '2026-11-27'],
  ] as const)('%s', (p, from, to) => {
    const r = periodRange(p, now);
    expect([r.from.toISOString().slice(0, 10), r.to.toISOString().slice(0, 10)]).toEqual([from, to]);
  });
  it('last_month in January is December', () => {
    expect(periodRange('last_month', new Date('2027-01-05T00:00:00Z')).from.toISOString().slice(0, 10)).toBe('2026-12-01');
  });
});

describe('buildStatements', () => {
  it('open, carried forward, pending and paid', () => {
    const s = buildStatements(
      [
        { month: '2026-07', earned: 9000, reversed: 0 },
        { month: '2026-08', earned: 2000, reversed: 0 },
        { month: '2026-09', earned: 4000, reversed: -1000 },
        { month: '2026-10', earned: 500, reversed: 0 },
        { month: '2026-11', earned: 800, reversed: 0 },
      ],
      [{ month: '2026-07', paidAt: '2026-08-05T00:00:00Z' }],
      '2026-11',
    );
    expect(s.map((x) => [x.month, x.status, x.net, x.payable])).toEqual([
      ['2026-07', 'paid', 9000, 0],
      ['2026-08', 'carried_forward', 2000, 0],
      ['2026-09', 'pending', 3000, 5000],
      ['2026-10', 'carried_forward', 500, 0],
      ['2026-11', 'open', 800, 0],
    ]);
  });
  it('a reversal can bring a month below the minimum', () => {
    const s = buildStatements([{ month: '2026-09', earned: 6000, reversed: -6000 }], [], '2026-11');
    expect(s[0]).toMatchObject({ status: 'carried_forward', net: 0 });
  });
});
