import { describe, expect, it } from 'vitest';
import { accountMenuEntries, type AccountMenuKey, type AccountMenuUser } from './header-account-menu.ts';

const traveller: AccountMenuUser = { isAdmin: false, isPartner: false, ambassadorProfile: null };
const everyone: AccountMenuKey[] = ['messages', 'bookings', 'bucket-lists', 'gifts', 'credits'];

describe.each<[string, AccountMenuUser, AccountMenuKey[]]>([
  ['a traveller', traveller, [...everyone, 'profile', 'logout']],
  ['a partner', { ...traveller, isPartner: true }, [...everyone, 'partner', 'profile', 'logout']],
  ['an admin', { ...traveller, isAdmin: true }, [...everyone, 'admin', 'profile', 'logout']],
  ['a partner and admin', { ...traveller, isPartner: true, isAdmin: true }, [...everyone, 'partner', 'admin', 'profile', 'logout']],
  ['an approved ambassador', { ...traveller, ambassadorProfile: { status: 'approved' } }, [...everyone, 'ambassador', 'profile', 'logout']],
  ['a suspended ambassador', { ...traveller, ambassadorProfile: { status: 'suspended' } }, [...everyone, 'ambassador', 'profile', 'logout']],
  ['an ambassador of an unknown status', { ...traveller, ambassadorProfile: { status: 'paused' } }, [...everyone, 'ambassador', 'profile', 'logout']],
  ['an applicant ambassador', { ...traveller, ambassadorProfile: { status: 'applied' } }, [...everyone, 'profile', 'logout']],
  ['a rejected ambassador', { ...traveller, ambassadorProfile: { status: 'rejected' } }, [...everyone, 'profile', 'logout']],
  [
    'an admin, partner and ambassador',
    { isAdmin: true, isPartner: true, ambassadorProfile: { status: 'approved' } },
    [...everyone, 'partner', 'admin', 'ambassador', 'profile', 'logout'],
  ],
])('accountMenuEntries for %s', (_who, user, keys) => {
  it('lists exactly these entries, in order', () => expect(accountMenuEntries(user).map((e) => e.key)).toEqual(keys));
});

describe('accountMenuEntries labels and links (spec §2)', () => {
  const entries = accountMenuEntries({ isAdmin: true, isPartner: true, ambassadorProfile: { status: 'approved' } });
  it.each([
    ['Messages', '/chat'],
    ['Bookings', '/account/trips'],
    ['Bucket Lists', '/account/bucket-list'],
    ['Your Gifts', '/account/gift-codes'],
    ['Credits & Referrals', '/account/credits'],
    ['Partner Dashboard', '/partner'],
    ['Admin Dashboard', '/admin'],
    ['Ambassador Dashboard', '/ambassador/dashboard'],
    ['Manage Account', '/account/profile'],
  ])('%s goes to %s', (label, href) => {
    const entry = entries.find((e) => e.label === label);
    expect(entry).toMatchObject({ kind: 'link', href });
  });
  it('ends with Logout, an action rather than a link', () => expect(entries.at(-1)).toEqual({ kind: 'action', key: 'logout', label: 'Logout' }));
  it('gives Messages the unread dot slot', () => expect(entries[0]).toMatchObject({ key: 'messages', unreadDot: true }));
});
