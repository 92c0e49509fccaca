// The /account/* shell's island (spec §2 Account): reads the path, waits for the session, and
// shows the section — or, for a guest, asks to log in (the login modal, inline) first. Trips
// and their sub-pages come from the trips island (loaded on those pages only).
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { accountRoute, type AccountRoute } from '../../lib/account-format.ts';
import { openLoginModal, showNotice } from '../../stores/ui.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import BucketLists from './BucketLists.tsx';
import Credits from './Credits.tsx';
import { GiftCodeDetail, GiftCodeList } from './GiftCodes.tsx';
import { Loading } from './parts.tsx';
import PaymentCards from './PaymentCards.tsx';
import Phone from './Phone.tsx';
import Profile from './Profile.tsx';
import Referral from './Referral.tsx';
import '../auth/auth.css';
import './account.css';

// Trips are the heaviest section: their code loads only on /account/trips pages.
const TripsSection = lazy(() => import('../trips/TripsSection.tsx'));

const NAV: { section: string; label: string; href: string }[] = [
  { section: 'trips', label: 'Bookings', href: '/account/trips' },
  { section: 'bucket-list', label: 'Bucket lists', href: '/account/bucket-list' },
  { section: 'gift-codes', label: 'Your gifts', href: '/account/gift-codes' },
  { section: 'credits', label: 'Credits', href: '/account/credits' },
  { section: 'payment-cards', label: 'Payment cards', href: '/account/payment-cards' },
  { section: 'referral', label: 'Invite friends', href: '/account/referral' },
  { section: 'profile', label: 'Profile', href: '/account/profile' },
  { section: 'phone-number', label: 'Phone number', href: '/account/phone-number' },
];

const GUEST_TEXT: Record<string, string> = {
  home: 'your account',
  profile: 'your profile',
  'phone-number': 'your phone number',
  credits: 'your credits',
  'payment-cards': 'your saved cards',
  referral: 'your referrals',
  'bucket-list': 'your bucket lists',
  'gift-codes': 'your gift codes',
  'gift-code': 'your gift codes',
  trips: 'your bookings',
};

/** Kept for the shell's title words (tests and the not-found check use it). */
export function accountSection(pathname: string): string | undefined {
  const route = accountRoute(pathname);
  return route.section === 'unknown' ? undefined : GUEST_TEXT[route.section];
}

function Section({ route, user }: { route: AccountRoute; user: NonNullable<ReturnType<typeof $user.get>> }) {
  switch (route.section) {
    case 'profile':
      return <Profile user={user} />;
    case 'phone-number':
      return <Phone user={user} />;
    case 'credits':
      return <Credits />;
    case 'referral':
      return <Referral />;
    case 'payment-cards':
      return <PaymentCards />;
    case 'bucket-list':
      return <BucketLists />;
    case 'gift-codes':
      return <GiftCodeList />;
    case 'gift-code':
      return <GiftCodeDetail id={route.id} />;
    case 'trips':
      return (
        <Suspense fallback={<Loading label="Loading your trips…" />}>
          <TripsSection />
        </Suspense>
      );
    default:
      return null;
  }
}

export default function AccountApp() {
  const route = accountRoute(location.pathname);
  const user = useStore($user);
  const session = useStore($sessionState);

  useEffect(() => {
    if (route.section === 'home' && user) location.replace('/account/profile');
  }, [route.section, user]);
  useEffect(() => {
    if (new URLSearchParams(location.search).get('password_changed') === 'true') showNotice({ text: 'Your password has been changed.' });
  }, []);

  if (route.section === 'unknown') {
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

  if (session !== 'ready') return <Loading label="Loading your account…" />;

  if (!user) {
    const words = GUEST_TEXT[route.section] ?? 'your account';
    return (
      <div className="account-shell" aria-live="polite">
        <p className="eyebrow">Account</p>
        <h1>Log in to see {words}</h1>
        <p className="lead">Your bookings, gifts, credits and bucket lists live in your Verdant account.</p>
        <p className="account-shell__actions">
          <button type="button" className="button" onClick={openLoginModal}>
            Log In
          </button>
          <a className="text-link" href="/">
            Back to the home page
          </a>
        </p>
      </div>
    );
  }

  if (route.section === 'home') return <Loading label="Opening your profile…" />;
  const active = route.section === 'gift-code' ? 'gift-codes' : route.section;
  const first = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <div className="acct">
      <nav className="acct-nav" aria-label="Your account">
        <p className="acct-nav__hello">
          Hi, <strong>{first}</strong>
        </p>
        <ul role="list">
          {NAV.map((n) => (
            <li key={n.section}>
              <a href={n.href} aria-current={n.section === active ? 'page' : undefined}>
                {n.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="acct-main">
        <Section route={route} user={user} />
      </div>
    </div>
  );
}
