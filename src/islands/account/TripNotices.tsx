// Trip notices on WhatsApp (ADR 0046), under the number on /account/phone-number: opt in or out.
// Needs a verified number (added above with a code); the browser's time zone sets the quiet hours.
import { useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import { tripNoticeSettings, updateTripNotices } from '../../api-client/trip-notices.ts';
import type { TripNoticeSettings } from '../../contract/trip-notices.ts';
import { Problem } from './parts.tsx';
import { useApi } from './use-api.ts';

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

export default function TripNotices({ phone }: { phone: string | null }) {
  // Loaded again when the number changes (added or verified above).
  const { state, set, reload } = useApi<TripNoticeSettings>(tripNoticeSettings, `trip-notices:${phone ?? ''}`);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const choose = async (whatsapp: boolean) => {
    setBusy(true);
    setStatus(null);
    try {
      const zone = browserZone();
      const { data } = await updateTripNotices({ whatsapp, ...(zone ? { timeZone: zone } : {}) });
      set(data);
      setStatus({ ok: true, text: data.whatsapp ? 'Trip notices on WhatsApp are on.' : 'Trip notices on WhatsApp are off. We will not send any more.' });
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="acct-panel" aria-labelledby="acct-trip-notices">
      <h2 id="acct-trip-notices">Trip notices on WhatsApp</h2>
      <p className="acct-lede">Your booking confirmation, the operator’s answer to a request or a date change, and a reminder the day before with the meeting point.</p>
      {state.status === 'loading' && <p className="acct-muted">Loading…</p>}
      {state.status === 'error' && <Problem text={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <label className="auth-check">
            <input type="checkbox" checked={state.data.whatsapp} disabled={busy || (!state.data.phoneNumber && !state.data.whatsapp)} onChange={(e) => void choose(e.currentTarget.checked)} aria-describedby="acct-trip-notices-note" />
            <span>Send me trip notices on WhatsApp</span>
          </label>
          <p id="acct-trip-notices-note" className="acct-muted">
            {state.data.phoneNumber
              ? `We never message between ${state.data.quietHours.start} and ${state.data.quietHours.end} your time${state.data.timeZone ? ` (${state.data.timeZone.replace(/_/g, ' ')})` : ''}: a notice due then waits until the morning.`
              : 'Add and verify your WhatsApp number above to get trip notices.'}
          </p>
          {status && (
            <p className={status.ok ? 'acct-ok' : 'auth-error'} role={status.ok ? 'status' : 'alert'}>
              {status.text}
            </p>
          )}
        </>
      )}
    </section>
  );
}
