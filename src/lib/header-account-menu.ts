// Entries of the header's account menu (spec §2 Header, §6 Roles): who sees which link.
// Pure, so the desktop menu, the mobile side menu and the tests agree.

/** What the menu needs to know about the signed-in user. */
export type AccountMenuUser = {
  isAdmin: boolean;
  isPartner: boolean;
  /** Null when the user never applied to the ambassador programme. */
  ambassadorProfile: { status: string } | null;
};

export type AccountMenuKey =
  | 'messages'
  | 'bookings'
  | 'bucket-lists'
  | 'gifts'
  | 'credits'
  | 'partner'
  | 'admin'
  | 'ambassador'
  | 'profile'
  | 'logout';

export type AccountMenuLink = {
  kind: 'link';
  key: Exclude<AccountMenuKey, 'logout'>;
  label: string;
  href: string;
  /** Messages shows an unread dot once chat exists. */
  unreadDot?: boolean;
};
export type AccountMenuAction = { kind: 'action'; key: 'logout'; label: string };
export type AccountMenuEntry = AccountMenuLink | AccountMenuAction;

/** Spec §4: these ambassador statuses hide the dashboard link; any other status shows it. */
export const AMBASSADOR_HIDDEN_STATUSES: readonly string[] = ['applied', 'rejected'];

export function showsAmbassadorDashboard(profile: AccountMenuUser['ambassadorProfile']): boolean {
  return profile !== null && !AMBASSADOR_HIDDEN_STATUSES.includes(profile.status);
}

export function accountMenuEntries(user: AccountMenuUser): AccountMenuEntry[] {
  const link = (key: AccountMenuLink['key'], label: string, href: string, extra: Partial<AccountMenuLink> = {}): AccountMenuLink => ({
    kind: 'link',
    key,
    label,
    href,
    ...extra,
  });
  return [
    link('messages', 'Messages', '/chat', { unreadDot: true }),
    link('bookings', 'Bookings', '/account/trips'),
    link('bucket-lists', 'Bucket Lists', '/account/bucket-list'),
    link('gifts', 'Your Gifts', '/account/gift-codes'),
    link('credits', 'Credits & Referrals', '/account/credits'),
    ...(user.isPartner ? [link('partner', 'Partner Dashboard', '/partner')] : []),
    ...(user.isAdmin ? [link('admin', 'Admin Dashboard', '/admin')] : []),
    ...(showsAmbassadorDashboard(user.ambassadorProfile) ? [link('ambassador', 'Ambassador Dashboard', '/ambassador/dashboard')] : []),
    link('profile', 'Manage Account', '/account/profile'),
    { kind: 'action', key: 'logout', label: 'Logout' },
  ];
}
