// /ambassador/dashboard: the uncapped-earning banner, creating links to any page, and each link
// with its clicks, bookings and earnings, a copy button and its QR code.
import { useState, type FormEvent } from 'react';
import { affiliateLinkQr, affiliateLinks, createAffiliateLink, readUncappedBanner } from '../../api-client/ambassador.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { AffiliateLink, AmbassadorProfile } from '../../contract/ambassador.ts';
import { formatCredit, formatDay } from '../../lib/account-format.ts';
import { Empty, Loading, Problem, SectionHead } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import FormField from '../forms/FormField.tsx';

function Banner() {
  const [state, setState] = useState<'shown' | 'busy' | 'gone' | { error: string }>('shown');
  if (state === 'gone') return null;
  const dismiss = async () => {
    setState('busy');
    try {
      await readUncappedBanner();
      setState('gone');
    } catch (e) {
      setState({ error: errorMessage(e) });
    }
  };
  return (
    <section className="amb-banner" aria-labelledby="amb-banner-title">
      <h2 id="amb-banner-title">You earn without a cap</h2>
      <p>You hold the uncapped earning privilege: your commission on each booking is no longer limited, however large the booking.</p>
      {typeof state === 'object' && (
        <p className="auth-error" role="alert">
          {state.error}
        </p>
      )}
      <button type="button" className="button button--quiet" onClick={() => void dismiss()} disabled={state === 'busy'}>
        Got it
      </button>
    </section>
  );
}

function Qr({ id }: { id: string }) {
  const { state } = useApi(() => affiliateLinkQr(id), `qr:${id}`);
  if (state.status === 'loading') return <p className="acct-muted">Drawing the QR code…</p>;
  if (state.status === 'error') return <Problem text={state.error} />;
  const href = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.data.svg)}`;
  return (
    <div className="amb-qr">
      <img src={href} width={160} height={160} alt={`QR code for ${state.data.url}`} />
      <a className="text-link" href={href} download={`verdant-link-${id}.svg`}>
        Download QR code
      </a>
    </div>
  );
}

function LinkRow({ link }: { link: AffiliateLink }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const [qr, setQr] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <li className="amb-link" data-link-id={link.id}>
      <div className="amb-link__main">
        <p className="amb-link__url">
          <a href={link.url}>{link.url}</a>
        </p>
        <p className="acct-muted">
          To <a href={link.targetPath}>{link.targetPath}</a> · created {formatDay(link.createdAt)}
        </p>
        <dl className="amb-link__stats">
          <div>
            <dt>Clicks</dt>
            <dd>{link.clicks}</dd>
          </div>
          <div>
            <dt>Bookings</dt>
            <dd>{link.bookings}</dd>
          </div>
          <div>
            <dt>Earned</dt>
            <dd>{formatCredit(link.earnings)}</dd>
          </div>
        </dl>
      </div>
      <div className="amb-link__actions">
        <button type="button" className="button button--quiet" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied!' : 'Copy link'}
        </button>
        <button type="button" className="button button--quiet" aria-expanded={qr} onClick={() => setQr((v) => !v)}>
          {qr ? 'Hide QR code' : 'QR code'}
        </button>
        {copied === 'failed' && <p className="acct-muted">Your browser refused the clipboard: select the link and copy it.</p>}
      </div>
      {qr && <Qr id={link.id} />}
    </li>
  );
}

export default function Dashboard({ profile }: { profile: AmbassadorProfile }) {
  const { state, reload } = useApi(affiliateLinks, 'links');
  const [create, setCreate] = useState<{ kind: 'idle' | 'busy' } | { kind: 'error'; text: string } | { kind: 'ok'; link: AffiliateLink }>({ kind: 'idle' });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const target = String(new FormData(form).get('target') ?? '').trim();
    if (!target) {
      setCreate({ kind: 'error', text: 'Paste the address of a Verdant page' });
      return;
    }
    setCreate({ kind: 'busy' });
    try {
      const { data } = await createAffiliateLink(target);
      setCreate({ kind: 'ok', link: data });
      form.reset();
      reload();
    } catch (err) {
      setCreate({ kind: 'error', text: err instanceof ApiError ? (err.fields['target'] ?? err.message) : errorMessage(err) });
    }
  }

  return (
    <div className="acct-section">
      <SectionHead title="Your ambassador dashboard" lede={`You earn ${profile.commissionRate}% of every booking paid within 30 days of a click on your links${profile.uncappedEarning ? ', without a cap.' : `, up to ${formatCredit(profile.cappedAmount)} per booking.`}`} />
      {profile.showUncappedBanner && <Banner />}
      <section className="acct-panel" aria-labelledby="amb-create">
        <h2 id="amb-create">Create a link</h2>
        <form className="auth-form amb-create" onSubmit={(e) => void submit(e)} noValidate aria-busy={create.kind === 'busy'}>
          <FormField label="Page on Verdant" hint="Paste the address of any page: an experience, a destination, a collection, the home page" error={create.kind === 'error' ? create.text : undefined}>
            <input name="target" type="text" inputMode="url" maxLength={500} placeholder="/experiences/…" />
          </FormField>
          <button type="submit" className="button" disabled={create.kind === 'busy'}>
            {create.kind === 'busy' ? 'Creating…' : 'Create link'}
          </button>
        </form>
        {create.kind === 'ok' && (
          <p className="acct-ok" role="status">
            Your link is ready: <strong>{create.link.url}</strong>
          </p>
        )}
      </section>
      <section className="acct-panel" aria-labelledby="amb-links">
        <h2 id="amb-links">Your links</h2>
        {state.status === 'loading' && <Loading label="Loading your links…" />}
        {state.status === 'error' && <Problem text={state.error} onRetry={reload} />}
        {state.status === 'ready' &&
          (state.data.links.length === 0 ? (
            <Empty title="No links yet">
              <p>Create your first link above, then share it in a post, a story or your newsletter.</p>
            </Empty>
          ) : (
            <ul className="amb-links" role="list">
              {state.data.links.map((l) => (
                <LinkRow key={l.id} link={l} />
              ))}
            </ul>
          ))}
      </section>
      <p className="acct-muted">
        See <a href="/ambassador/performance">your performance</a>, <a href="/ambassador/popular-products">popular products</a> and <a href="/ambassador/payouts">payouts</a>.
      </p>
    </div>
  );
}
