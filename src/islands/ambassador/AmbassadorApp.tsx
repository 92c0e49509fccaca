// The /ambassador/* shell's island (spec §2 Ambassador): signup and status for any logged-in
// user; dashboard (links, QR codes, the uncapped banner), performance, popular products,
// payouts and bank details for approved ambassadors. It reads the path, waits for the session,
// and asks a guest to log in first.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ambassadorProfile } from '../../api-client/ambassador.ts';
import type { AmbassadorProfile } from '../../contract/ambassador.ts';
import { ambassadorSection, APPROVED_ONLY, type AmbassadorSection } from '../../lib/ambassador-pages.ts';
import { openLoginModal } from '../../stores/ui.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { BankDetails, AddBankAccount } from './BankDetails.tsx';
import Dashboard from './Dashboard.tsx';
import Payouts from './Payouts.tsx';
import Performance, { PopularProducts } from './Performance.tsx';
import Signup from './Signup.tsx';
import Status from './Status.tsx';
import '../auth/auth.css';
import '../account/account.css';
import './ambassador.css';

const NAV: { section: AmbassadorSection; label: string }[] = [
  { section: 'dashboard', label: 'Dashboard' },
  { section: 'performance', label: 'Performance' },
  { section: 'popular-products', label: 'Popular products' },
  { section: 'payouts', label: 'Payouts' },
  { section: 'bank-details', label: 'Bank details' },
];

function Shell({ children, active }: { children: React.ReactNode; active?: AmbassadorSection }) {
  return (
    <div className="acct amb">
      <nav className="acct-nav" aria-label="Ambassador dashboard">
        <p className="acct-nav__hello">
          <strong>Ambassador</strong>
        </p>
        <ul role="list">
          {NAV.map((n) => (
            <li key={n.section}>
              <a href={`/ambassador/${n.section}`} aria-current={n.section === active || (active === 'bank-details/add' && n.section === 'bank-details') ? 'page' : undefined}>
                {n.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="acct-main">{children}</div>
    </div>
  );
}

function Closed({ profile }: { profile: AmbassadorProfile | null }) {
  return (
    <div className="account-shell" aria-live="polite">
      <p className="eyebrow">Ambassador programme</p>
      <h1>{profile ? 'Your dashboard opens once you are approved' : 'The dashboard is for Verdant ambassadors'}</h1>
      <p className="lead">{profile ? 'We will e-mail you as soon as we have reviewed your application.' : 'Apply to the programme to create links and earn on the bookings they bring.'}</p>
      <p className="account-shell__actions">
        <a className="button" href={profile ? '/ambassador/status' : '/ambassador/signup'}>
          {profile ? 'See your application' : 'Apply now'}
        </a>
        <a className="text-link" href="/ambassador">
          About the programme
        </a>
      </p>
    </div>
  );
}

function Section({ section, profile, reload }: { section: AmbassadorSection; profile: AmbassadorProfile | null; reload: () => void }) {
  switch (section) {
    case 'signup':
      return <Signup profile={profile} onApplied={reload} />;
    case 'status':
      return <Status profile={profile} />;
    case 'dashboard':
      return <Dashboard profile={profile!} />;
    case 'performance':
      return <Performance />;
    case 'popular-products':
      return <PopularProducts />;
    case 'payouts':
      return <Payouts />;
    case 'bank-details':
      return <BankDetails />;
    case 'bank-details/add':
      return <AddBankAccount />;
  }
}

function Signed({ section }: { section: AmbassadorSection }) {
  const { state, reload } = useApi(ambassadorProfile, 'profile');
  if (state.status === 'loading') return <Loading label="Loading your ambassador account…" />;
  if (state.status === 'error') return <Problem text={state.error} onRetry={reload} />;
  const profile = state.data.profile;
  if (APPROVED_ONLY.includes(section)) {
    if (profile?.status !== 'approved') return <Closed profile={profile} />;
    return (
      <Shell active={section}>
        <Section section={section} profile={profile} reload={reload} />
      </Shell>
    );
  }
  return (
    <div className="account-shell amb-narrow">
      <Section section={section} profile={profile} reload={reload} />
    </div>
  );
}

export default function AmbassadorApp() {
  const [section] = useState(() => ambassadorSection(location.pathname));
  const user = useStore($user);
  const session = useStore($sessionState);
  useEffect(() => {
    document.title = `${section === 'unknown' ? 'Ambassador' : (NAV.find((n) => n.section === section)?.label ?? section.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()))} | Verdant`;
  }, [section]);

  if (section === 'unknown') {
    return (
      <div className="account-shell" aria-live="polite">
        <p className="eyebrow">Ambassador programme</p>
        <h1>This page isn’t part of the ambassador programme</h1>
        <p className="lead">The address may be mistyped, or the page has moved.</p>
        <p className="account-shell__actions">
          <a className="button" href="/ambassador">
            About the programme
          </a>
        </p>
      </div>
    );
  }
  if (session !== 'ready') return <Loading label="Loading…" />;
  if (!user) {
    return (
      <div className="account-shell" aria-live="polite">
        <p className="eyebrow">Ambassador programme</p>
        <h1>{section === 'signup' ? 'Log in to apply' : 'Log in to see your ambassador account'}</h1>
        <p className="lead">Ambassadors use their Verdant account. Log in, or sign up in a minute, to continue.</p>
        <p className="account-shell__actions">
          <button type="button" className="button" onClick={openLoginModal}>
            Log In
          </button>
          <a className="text-link" href="/ambassador">
            About the programme
          </a>
        </p>
      </div>
    );
  }
  return <Signed section={section} />;
}
