// Stored value a traveller brings to a booking, as pure rules in minor units:
//  - credits live in one ledger account per currency; what they are worth in the bag's base
//    currency is each balance converted without the fee (the conversion is ours, not the
//    traveller's), and spending `amount` of base currency debits the accounts in a fixed order
//    (the base currency's own account first, then the largest) without ever going below zero;
//  - a gift code is worth its amount converted the same way; what a booking does not use of it
//    is kept as credit in the code's currency, never lost.
import { convertMinor, type CurrencyUnit, type RateTable } from './money.ts';

export type CreditBalance = { unit: CurrencyUnit; balance: number };
export type CreditDebit = { currency: string; amount: number };

const sorted = (balances: readonly CreditBalance[], base: CurrencyUnit, rates: RateTable) =>
  balances
    .filter((b) => b.balance > 0)
    .map((b) => ({ ...b, value: convertMinor(b.balance, b.unit, base, rates) }))
    .sort((a, b) => (a.unit.code === base.code ? -1 : b.unit.code === base.code ? 1 : b.value - a.value || a.unit.code.localeCompare(b.unit.code)));

/** What all the balances are worth in `base` minor units. */
export function creditValueIn(balances: readonly CreditBalance[], base: CurrencyUnit, rates: RateTable): number {
  return sorted(balances, base, rates).reduce((sum, b) => sum + b.value, 0);
}

/**
 * The debits that pay `amount` (base minor units) from the balances, or null when they are not
 * worth enough. Each debit is at most its balance; a balance that is used up is debited whole.
 */
export function planCreditDebits(balances: readonly CreditBalance[], amount: number, base: CurrencyUnit, rates: RateTable): CreditDebit[] | null {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`A credit amount is whole and not negative: ${amount}`);
  let need = amount;
  const debits: CreditDebit[] = [];
  for (const b of sorted(balances, base, rates)) {
    if (need <= 0) break;
    if (b.value <= need) {
      debits.push({ currency: b.unit.code, amount: b.balance });
      need -= b.value;
    } else {
      const part = Math.min(b.balance, Math.max(1, convertMinor(need, base, b.unit, rates)));
      debits.push({ currency: b.unit.code, amount: part });
      need = 0;
    }
  }
  return need > 0 ? null : debits;
}

/** What is left of a gift code (in its own currency) after `applied` base minor units of it were used. */
export function giftCodeRest(code: { amount: number; unit: CurrencyUnit }, applied: number, base: CurrencyUnit, rates: RateTable): number {
  if (applied <= 0) return code.amount;
  const value = convertMinor(code.amount, code.unit, base, rates);
  if (applied >= value) return 0;
  return Math.max(0, code.amount - convertMinor(applied, base, code.unit, rates));
}
