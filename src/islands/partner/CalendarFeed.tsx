// The operator's subscribable departures calendar (issue 15, item 3): turn it on, copy the secret
// address into Google Calendar, Outlook or Apple Calendar, make a new address when the old one
// was shared too widely (it stops answering at once), or turn it off.
import { useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import { calendarFeed, renewCalendarFeed, stopCalendarFeed } from '../../api-client/partner.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';

export default function CalendarFeed({ slug }: { slug: string }) {
  const feed = useApi(() => calendarFeed(slug), `calendar:${slug}`);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  if (feed.state.status === 'error') return <Problem text={feed.state.error} onRetry={feed.reload} />;
  const url = feed.state.status === 'ready' ? feed.state.data.url : null;
  const act = async (call: () => Promise<{ data: { url: string | null } }>) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setCopied(false);
    try {
      const { data } = await call();
      feed.set(() => data);
    } catch (err) {
      setFailure(errorMessage(err));
    }
    setBusy(false);
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (err) {
      console.error('Copying the calendar address failed', err);
      setFailure('Your browser did not let us copy: select the address and copy it yourself.');
    }
  };
  return (
    <section className="adm-card ptn-feed" aria-labelledby="ptn-feed-title">
      <h2 id="ptn-feed-title" className="ptn-form-title">
        Calendar subscription
      </h2>
      {url ? (
        <>
          <p className="ptn-sub">Add this address to Google Calendar, Outlook or Apple Calendar (“subscribe from URL”): booked departures appear there and stay up to date. Anyone with the address sees your departures and seat counts, never guests’ names.</p>
          <div className="ptn-feed__row">
            <input className="ptn-feed__url" readOnly value={url} aria-label="Calendar address" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy address'}
            </button>
          </div>
          <div className="adm-actions">
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void act(() => renewCalendarFeed(slug))}>
              Make a new address
            </button>
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void act(() => stopCalendarFeed(slug))}>
              Turn off
            </button>
          </div>
          <p className="ptn-sub">A new address replaces this one at once, and one is made for you when someone leaves the team: calendars using the old address stop updating.</p>
        </>
      ) : (
        <>
          <p className="ptn-sub">See your booked departures in the calendar app your team already uses, kept up to date.</p>
          <div className="adm-actions">
            <button type="button" className="button" disabled={busy || feed.state.status !== 'ready'} onClick={() => void act(() => renewCalendarFeed(slug))}>
              {busy ? 'Turning on…' : 'Turn on calendar subscription'}
            </button>
          </div>
        </>
      )}
      {failure && (
        <p className="adm-alert adm-alert--error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
