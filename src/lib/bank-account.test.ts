import { describe, expect, it } from 'vitest';
import { bankAccountProblems, ibanValid, maskAccount } from './bank-account.ts';

const ok = { accountHolder: 'Amara Tan', bankName: 'DBS Bank' };

describe.each([
  ['SG', '123-456789-0', '7171 081', {}],
  ['SG', '12345', '7171081', { accountNumber: 'Account number for Singapore: 9 to 14 digits' }],
  ['SG', '1234567890', '71710', { routingCode: 'Bank and branch code for Singapore: 7 digits: 4 for the bank, 3 for the branch' }],
  ['MY', '1234 5678 9012', '', {}],
  ['AU', '12345678', '062-000', {}],
  ['AU', '12345678', '', { routingCode: 'BSB for Australia: 6 digits' }],
  ['GB', '31926819', '60-16-13', {}],
  ['US', '000123456789', '011000015', {}],
  ['IN', '123456789012', 'HDFC0001234', {}],
  ['IN', '123456789012', 'HDFC1001234', { routingCode: 'IFSC for India: 11 characters, like HDFC0001234' }],
  ['DE', 'DE89 3704 0044 0532 0130 00', '', {}],
  ['DE', 'DE88 3704 0044 0532 0130 00', '', { accountNumber: 'This IBAN’s check digits do not match: please check it' }],
  ['ZZ', '1', '', { country: 'Payouts are not available to banks in this country yet' }],
])('bankAccountProblems %s %s', (country, accountNumber, routingCode, want) => {
  it('validates by the country’s format', () => {
    expect(bankAccountProblems({ ...ok, country, accountNumber, routingCode })).toEqual(want);
  });
});

it('asks for the holder and bank, and checks a SWIFT code when given', () => {
  expect(bankAccountProblems({ country: 'MY', accountHolder: ' ', bankName: '', accountNumber: '1234567890', swiftCode: 'NOPE' })).toEqual({
    accountHolder: 'Please give the name on the account',
    bankName: 'Please give the bank’s name',
    swiftCode: 'SWIFT/BIC: 8 or 11 letters and digits, like DBSSSGSG',
  });
});

it('ibanValid and maskAccount', () => {
  expect(ibanValid('GB82WEST12345698765432')).toBe(true);
  expect(ibanValid('GB82WEST12345698765431')).toBe(false);
  expect(maskAccount('1234567890')).toBe('•••• 7890');
});
