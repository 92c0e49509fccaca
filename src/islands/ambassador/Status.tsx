// /ambassador/status: where the application stands.
import { CHANNEL_LABELS, type AmbassadorProfile } from '../../contract/ambassador.ts';
import { formatDay } from '../../lib/account-format.ts';

const WORDS = {
  applied: { tag: 'Applied', title: 'Your application is being reviewed', lede: 'We read every application by hand and answer by e-mail within five working days.' },
  approved: { tag: 'Approved', title: 'You are a Verdant ambassador', lede: 'Create links on your dashboard and follow what they earn.' },
  rejected: { tag: 'Not accepted', title: 'We could not accept your application this time', lede: 'You are welcome to apply again as your audience grows.' },
  suspended: { tag: 'Suspended', title: 'Your ambassador account is suspended', lede: 'Please contact us to find out more.' },
} as const;

export default function Status({ profile }: { profile: AmbassadorProfile | null }) {
  if (!profile) {
    return (
      <>
        <p className="eyebrow">Ambassador programme</p>
        <h1>You have not applied yet</h1>
        <p className="lead">Share the experiences you love and earn on the bookings your links bring.</p>
        <p className="account-shell__actions">
          <a className="button" href="/ambassador/signup">
            Apply now
          </a>
          <a className="text-link" href="/ambassador">
            About the programme
          </a>
        </p>
      </>
    );
  }
  const w = WORDS[profile.status];
  return (
    <>
      <p className="eyebrow">Application status</p>
      <h1>{w.title}</h1>
      <p className="amb-status" data-status={profile.status}>
        <span className={`acct-tag${profile.status === 'approved' ? ' acct-tag--ok' : ''}`}>{w.tag}</span>
      </p>
      <p className="lead">{w.lede}</p>
      <dl className="acct-facts">
        <div>
          <dt>Applied</dt>
          <dd>{formatDay(profile.appliedAt)}</dd>
        </div>
        {profile.reviewedAt && (
          <div>
            <dt>Reviewed</dt>
            <dd>{formatDay(profile.reviewedAt)}</dd>
          </div>
        )}
        <div>
          <dt>Channels</dt>
          <dd>{profile.channels.map((c) => CHANNEL_LABELS[c]).join(', ')}</dd>
        </div>
      </dl>
      <p className="account-shell__actions">
        {profile.status === 'approved' && (
          <a className="button" href="/ambassador/dashboard">
            Open your dashboard
          </a>
        )}
        {profile.status === 'rejected' && (
          <a className="button" href="/ambassador/signup">
            Apply again
          </a>
        )}
        <a className="text-link" href="/ambassador/faqs">
          Questions? Read the FAQs
        </a>
      </p>
    </>
  );
}
