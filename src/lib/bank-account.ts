// Bank details of an ambassador's payouts, validated per country: what each country's banks call
// the account number and the routing code, their formats, and IBAN checksums where IBAN is used.
// Pure: the form shows these messages beside its fields, the server answers them as 422.

export type BankRule = {
  name: string;
  currency: string;
  account: { label: string; pattern: RegExp; hint: string };
  routing?: { label: string; pattern: RegExp; hint: string };
  iban?: boolean;
};

const digits = (min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`);

export const BANK_RULES: Record<string, BankRule> = {
  SG: { name: 'Singapore', currency: 'SGD', account: { label: 'Account number', pattern: digits(9, 14), hint: '9 to 14 digits' }, routing: { label: 'Bank and branch code', pattern: /^\d{7}$/, hint: '7 digits: 4 for the bank, 3 for the branch' } },
  MY: { name: 'Malaysia', currency: 'MYR', account: { label: 'Account number', pattern: digits(10, 16), hint: '10 to 16 digits' } },
  ID: { name: 'Indonesia', currency: 'IDR', account: { label: 'Account number', pattern: digits(10, 16), hint: '10 to 16 digits' } },
  TH: { name: 'Thailand', currency: 'THB', account: { label: 'Account number', pattern: digits(10, 12), hint: '10 to 12 digits' } },
  PH: { name: 'Philippines', currency: 'PHP', account: { label: 'Account number', pattern: digits(10, 16), hint: '10 to 16 digits' } },
  VN: { name: 'Vietnam', currency: 'VND', account: { label: 'Account number', pattern: digits(6, 19), hint: '6 to 19 digits' } },
  JP: { name: 'Japan', currency: 'JPY', account: { label: 'Account number', pattern: /^\d{7}$/, hint: '7 digits' }, routing: { label: 'Bank and branch code', pattern: /^\d{7}$/, hint: '7 digits: 4 for the bank, 3 for the branch' } },
  IN: { name: 'India', currency: 'INR', account: { label: 'Account number', pattern: digits(9, 18), hint: '9 to 18 digits' }, routing: { label: 'IFSC', pattern: /^[A-Z]{4}0[A-Z0-9]{6}$/, hint: '11 characters, like HDFC0001234' } },
  AU: { name: 'Australia', currency: 'AUD', account: { label: 'Account number', pattern: digits(5, 9), hint: '5 to 9 digits' }, routing: { label: 'BSB', pattern: /^\d{6}$/, hint: '6 digits' } },
  NZ: { name: 'New Zealand', currency: 'NZD', account: { label: 'Account number', pattern: /^\d{15,16}$/, hint: '15 or 16 digits (bank, branch, account, suffix)' } },
  US: { name: 'United States', currency: 'USD', account: { label: 'Account number', pattern: digits(4, 17), hint: '4 to 17 digits' }, routing: { label: 'Routing number (ABA)', pattern: /^\d{9}$/, hint: '9 digits' } },
  GB: { name: 'United Kingdom', currency: 'GBP', account: { label: 'Account number', pattern: /^\d{8}$/, hint: '8 digits' }, routing: { label: 'Sort code', pattern: /^\d{6}$/, hint: '6 digits' } },
  DE: { name: 'Germany', currency: 'EUR', account: { label: 'IBAN', pattern: /^DE\d{20}$/, hint: 'DE and 20 digits' }, iban: true },
  FR: { name: 'France', currency: 'EUR', account: { label: 'IBAN', pattern: /^FR\d{12}[A-Z0-9]{11}\d{2}$/, hint: 'FR and 25 characters' }, iban: true },
  NL: { name: 'Netherlands', currency: 'EUR', account: { label: 'IBAN', pattern: /^NL\d{2}[A-Z]{4}\d{10}$/, hint: 'NL, 2 digits, 4 letters and 10 digits' }, iban: true },
};

export const BANK_COUNTRIES = Object.keys(BANK_RULES);

/** Spaces and dashes people type are dropped; letters upper-cased. */
export function normaliseBankField(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** ISO 13616 mod-97 check. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export type BankInput = { country: string; accountHolder: string; bankName: string; accountNumber: string; routingCode?: string | null | undefined; swiftCode?: string | null | undefined };

/** Field → message for every problem (empty when valid). */
export function bankAccountProblems(input: BankInput): Record<string, string> {
  const out: Record<string, string> = {};
  const rule = BANK_RULES[input.country];
  if (!rule) {
    out['country'] = 'Payouts are not available to banks in this country yet';
    return out;
  }
  if (input.accountHolder.trim().length < 2) out['accountHolder'] = 'Please give the name on the account';
  if (input.bankName.trim().length < 2) out['bankName'] = 'Please give the bank’s name';
  const account = normaliseBankField(input.accountNumber);
  if (!rule.account.pattern.test(account)) out['accountNumber'] = `${rule.account.label} for ${rule.name}: ${rule.account.hint}`;
  else if (rule.iban && !ibanValid(account)) out['accountNumber'] = 'This IBAN’s check digits do not match: please check it';
  const routing = normaliseBankField(input.routingCode ?? '');
  if (rule.routing && !rule.routing.pattern.test(routing)) out['routingCode'] = `${rule.routing.label} for ${rule.name}: ${rule.routing.hint}`;
  const swift = normaliseBankField(input.swiftCode ?? '');
  if (swift && !/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift)) out['swiftCode'] = 'SWIFT/BIC: 8 or 11 letters and digits, like DBSSSGSG';
  return out;
}

/** What the ambassador sees of a stored number: bullets and its last four characters. */
export function maskAccount(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
