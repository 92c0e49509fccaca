// The /account/* shell: the server answers every account path with this page; the island
// reads the path and shows which part of the account it is. Accounts arrive in a later
// issue, so for now every visitor is signed out and sees how to continue.
/** Sections of spec §2 "Account" (a trip's own pages fall under Bookings). */
const SECTIONS: Record<string, string> = {
  '': 'your account',
  profile: 'your profile',
  credits: 'your credits',
  referral: 'your referrals',
  'phone-number': 'your phone number',
  'bucket-list': 'your bucket lists',
  'gift-codes': 'your gift codes',
  trips: 'your bookings',
};

export function accountSection(pathname: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'account') return undefined;
  return SECTIONS[parts[1] ?? ''];
}

/** Rendered in the browser only (client:only); the page shows a skeleton until then. */
export default function AccountShell() {
  const section = accountSection(window.location.pathname);

  if (section === undefined) {
    return (
      <div className="account-shell" aria-live="polite">
        <p className="eyebrow">Account</p>
        <h1>This page isn’t part of your account</h1>
        <p className="lead">The address may be mistyped, or the page has moved.</p>
        <p className="account-shell__actions">
          <a className="button" href="/account">
            Go to your account
          </a>
          <a className="text-link" href="/">
            Back to the home page
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="account-shell" aria-live="polite">
      <p className="eyebrow">Account</p>
      <h1>Log in to see {section}</h1>
      <p className="lead">
        Your bookings, gifts, credits and bucket lists live in your Verdant account. Signing in is not available yet on this site, so
        there is nothing to show here for now.
      </p>
      <p className="account-shell__actions">
        <a className="button" href="/">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
