// /account/phone-number: add or change the WhatsApp number, proven with a code (spec: after a
// standalone sign-up the browser lands here with add_phone=true).
import type { CountryCode } from 'libphonenumber-js/min';
import { useState, type FormEvent } from 'react';
import { sendCode, updateMe } from '../../api-client/accounts.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { MESSAGES, validateCode } from '../../lib/auth-validation.ts';
import { codeExpiry } from '../../lib/countdown.ts';
import { afterLoginHref } from '../../lib/login-redirect.ts';
import { $user, type SessionUser } from '../../stores/user.ts';
import FormField from '../forms/FormField.tsx';
import Countdown from '../auth/Countdown.tsx';
import PhoneField, { formatPhone, phoneOfForm } from '../auth/PhoneField.tsx';
import { SectionHead } from './parts.tsx';
import TripNotices from './TripNotices.tsx';

export default function Phone({ user }: { user: SessionUser }) {
  const welcome = new URLSearchParams(location.search).get('add_phone') === 'true';
  const current = (user as { phoneNumber?: string | null }).phoneNumber ?? null;
  const [country, setCountry] = useState<CountryCode>('SG');
  const [number, setNumber] = useState('');
  const [sent, setSent] = useState<{ phone: string; expiresAt: Date; canResend: boolean } | null>(null);
  const [editing, setEditing] = useState(!current);
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const send = async (phone: string) => {
    setBusy(true);
    setError(null);
    try {
      const { data, response } = await sendCode({ phoneNumber: phone, purpose: 'add_phone' });
      setSent({ phone, expiresAt: codeExpiry(data.expiredAt, response.headers.get('date')), canResend: false });
    } catch (err) {
      setError({ field: err instanceof ApiError && err.fields['phoneNumber'] ? 'phone' : undefined, text: errorMessage(err) } as { field?: string; text: string });
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { country: c, number: typed, e164: phone } = phoneOfForm(e.currentTarget);
    setCountry(c);
    setNumber(typed);
    if (!phone) return setError({ field: 'phone', text: MESSAGES.phoneInvalid });
    void send(phone);
  };

  const submitCode = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!sent) return;
    const code = String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    const problem = validateCode(code);
    if (problem) return setError({ field: 'code', text: problem });
    setBusy(true);
    setError(null);
    try {
      const { data } = await updateMe({ phoneNumber: sent.phone, whatsappCode: code });
      $user.set(data);
      setDone(`${formatPhone(sent.phone)} is now your WhatsApp number.`);
      setSent(null);
      setEditing(false);
    } catch (err) {
      setError({ field: 'code', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acct-section">
      <SectionHead
        title={welcome ? 'Welcome to Verdant!' : 'Phone number'}
        lede={
          welcome
            ? 'One last step: add your WhatsApp number so your guides can reach you on the day, and so you can log in with a code.'
            : 'Your guides use it to reach you on the day of a trip, and you can log in with a code sent to it.'
        }
      />
      <section className="acct-panel" aria-label="WhatsApp number">
        {done && (
          <p className="acct-ok" role="status">
            {done}
          </p>
        )}
        {current && !editing && (
          <div className="acct-row">
            <p>
              <span className="acct-label">WhatsApp number</span>
              <strong data-phone="">{formatPhone(current)}</strong>
            </p>
            <button type="button" className="button button--quiet" onClick={() => setEditing(true)}>
              Change number
            </button>
          </div>
        )}
        {editing && !sent && (
          <form className="auth-form" onSubmit={submitPhone} noValidate aria-busy={busy}>
            <PhoneField country={country} number={number} onCountry={setCountry} onNumber={setNumber} error={error?.field === 'phone' ? error.text : undefined} />
            {error && error.field !== 'phone' && <p className="auth-error" role="alert">{error.text}</p>}
            <button type="submit" className="button acct-save" disabled={busy}>
              {busy ? 'Sending…' : 'Send Code'}
            </button>
          </form>
        )}
        {sent && (
          <form className="auth-form" onSubmit={(e) => void submitCode(e)} noValidate aria-busy={busy}>
            <p className="acct-lede">
              We sent a 6-digit code to the WhatsApp of <strong>{formatPhone(sent.phone)}</strong>.
            </p>
            <FormField label="Code" error={error?.field === 'code' ? error.text : undefined}>
              <input name="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
            </FormField>
            {error && error.field !== 'code' && <p className="auth-error" role="alert">{error.text}</p>}
            <button type="submit" className="button acct-save" disabled={busy}>
              {busy ? 'Checking…' : 'Verify'}
            </button>
            <p className="auth-row" aria-live="polite">
              {sent.canResend ? (
                <button type="button" className="auth-link" onClick={() => void send(sent.phone)} disabled={busy}>
                  Resend code
                </button>
              ) : (
                <span className="auth-muted">
                  You can ask for a new code in <Countdown expiresAt={sent.expiresAt} onDone={() => setSent((s) => (s ? { ...s, canResend: true } : s))} />
                </span>
              )}
              <button type="button" className="auth-link" onClick={() => setSent(null)}>
                Change number
              </button>
            </p>
          </form>
        )}
      </section>
      {!welcome && <TripNotices phone={current} />}
      {welcome && (
        <p>
          <a className="button button--quiet" href={afterLoginHref(location.search)}>
            {current || done ? 'Continue' : 'Skip for now'}
          </a>
        </p>
      )}
    </div>
  );
}
