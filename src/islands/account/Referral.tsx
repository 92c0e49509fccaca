// /account/referral: your invite link (/invite?ref=…), what a friend gets (the welcome discount
// of spec §9) and what you get once their first trip is completed, and your referrals so far.
import { useState } from 'react';
import { referral } from '../../api-client/accounts.ts';
import { formatCredit, formatDay } from '../../lib/account-format.ts';
import { Empty, Loading, Problem, SectionHead } from './parts.tsx';
import { useApi } from './use-api.ts';

export default function Referral() {
  const { state } = useApi(referral, 'referral');
  const [copied, setCopied] = useState(false);
  if (state.status === 'loading') return <Loading label="Loading your invite link…" />;
  if (state.status === 'error') return <Problem text={state.error} />;
  const r = state.data;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(r.inviteUrl);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      // clipboard refused: the field stays selectable
    }
  };
  return (
    <div className="acct-section">
      <SectionHead
        title="Invite friends"
        lede={`Your friends get ${formatCredit(r.welcomeDiscount)} off their first Verdant trip. When that trip is completed, you get ${formatCredit(r.reward)} in credit.`}
      />
      <section className="acct-panel acct-invite" aria-labelledby="acct-invite-link">
        <h2 id="acct-invite-link">Your personal invite link</h2>
        <div className="acct-copy">
          <label className="visually-hidden" htmlFor="invite-url">
            Invite link
          </label>
          <input id="invite-url" readOnly value={r.inviteUrl} onFocus={(e) => e.currentTarget.select()} data-invite-url="" />
          <button type="button" className="button" onClick={() => void copy()}>
            {copied ? 'Copied!' : 'Copy link'}
          </button>
        </div>
        <p className="acct-muted">
          Your code is <strong>{r.referralCode}</strong>. <a href="/invite">How invitations work</a>
        </p>
      </section>
      <section className="acct-panel" aria-labelledby="acct-referrals">
        <h2 id="acct-referrals">Friends you invited</h2>
        {r.referrals.length === 0 ? (
          <Empty title="No one yet">
            <p>Share your link with a friend who has not travelled with Verdant before.</p>
          </Empty>
        ) : (
          <ul className="acct-ledger">
            {r.referrals.map((x, i) => (
              <li key={`${x.friendName}-${i}`}>
                <div>
                  <span className="acct-ledger__what">{x.friendName}</span>
                  <span className="acct-muted">Joined {formatDay(x.createdAt)}</span>
                </div>
                <span className={x.status === 'rewarded' ? 'acct-tag acct-tag--ok' : 'acct-tag'}>
                  {x.status === 'rewarded' ? `${formatCredit(x.reward)} earned` : 'Waiting for their first trip'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
