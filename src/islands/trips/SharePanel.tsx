// The trip's share link: make it, copy it, and see who is coming.
import { useState } from 'react';
import type { SharedTrip, Trip } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { getOrderShare } from '../../api-client/trips.ts';

export default function SharePanel({ trip, canShare, onChange }: { trip: Trip; canShare: boolean; onChange: (t: Trip) => void }) {
  const [share, setShare] = useState<SharedTrip | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const id = share?.id ?? trip.share?.id;
  const link = id ? `${window.location.origin}/s/${id}` : null;
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await getOrderShare(trip.order.id);
      setShare(data.share);
      onChange({ ...trip, share: { id: data.share.id, members: trip.share?.members ?? [] } });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setError('Copy the link by hand: your browser did not allow copying.');
    }
  };
  const members = trip.share?.members ?? [];
  return (
    <section className="acct-panel" aria-labelledby="trip-share">
      <h2 id="trip-share">Share this trip</h2>
      <p className="acct-muted">Send friends the link: they can see the plan and say if they’re coming.</p>
      {link ? (
        <div className="acct-copy">
          <input readOnly value={link} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--ghost" onClick={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      ) : (
        canShare && (
          <button type="button" className="button button--ghost" onClick={make} disabled={busy} aria-busy={busy}>
            {busy ? 'Creating link…' : 'Get a share link'}
          </button>
        )
      )}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      {members.length > 0 && (
        <ul className="trip-members" role="list">
          {members.map((m, i) => (
            <li key={i}>
              {m.name} <span className="acct-muted">· {m.status === 'joined' ? 'Coming' : m.status === 'declined' ? 'Can’t make it' : 'Left'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
