// Log in or sign up (spec §2 Login, §4 Login): the email step looks up the last log-in method
// and leads to the password step ('Log In'), a 'Welcome back' card with the social provider, the
// WhatsApp route, or — for an unknown email — the sign-up page (standalone) or an inline
// 'Create Account' step (modal). WhatsApp: phone step, 'Enter Code' with the countdown and a
// resend link, then logged in or 'Finishing Signing Up' for a new number. After logging in the
// browser goes to redirect_path (standalone) or stays (inline).
import type { CountryCode } from 'libphonenumber-js/min';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { lastLoginMethod, loginWithEmail, loginWithWhatsapp, sendCode, sendPasswordInstructions } from '../../api-client/accounts.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { AuthResponse, LastLoginMethodResponse, OAuthProviderName } from '../../contract/accounts.ts';
import { codeExpiry } from '../../lib/countdown.ts';
import { MESSAGES, validateCode, validateLoginEmail, validateLoginPassword } from '../../lib/auth-validation.ts';
import { afterLoginHref, withQuery } from '../../lib/login-redirect.ts';
import { completeLogin } from '../../stores/user.ts';
import FormField from '../forms/FormField.tsx';
import Countdown from './Countdown.tsx';
import { loginContext } from './login-context.ts';
import PhoneField, { formatPhone, phoneOfForm } from './PhoneField.tsx';
import SignupForm from './SignupForm.tsx';
import { PROVIDER_LABEL, socialError, socialLogin } from './social.ts';
import './auth.css';

export type Step =
  | { kind: 'email' }
  | { kind: 'password'; email: string; firstName: string | null }
  | { kind: 'welcome'; email: string; firstName: string | null; provider: OAuthProviderName }
  | { kind: 'deleted'; email: string; support: string }
  | { kind: 'create-password'; email: string }
  | { kind: 'create-account'; email: string }
  | { kind: 'phone'; note?: string }
  | { kind: 'code'; phoneNumber: string; expiresAt: Date; canResend: boolean }
  | { kind: 'finishing'; phoneNumber: string };

export const STEP_TITLES: Record<Step['kind'], string> = {
  email: 'Log In or Sign Up',
  password: 'Log In',
  welcome: 'Welcome back',
  deleted: 'Log In or Sign Up',
  'create-password': 'Check your email',
  'create-account': 'Create Account',
  phone: 'Log In with WhatsApp',
  code: 'Enter Code',
  finishing: 'Finishing Signing Up',
};

type Props = {
  /** Modal: no redirect after logging in, sign-up inline. */
  inline: boolean;
  initial?: 'email' | 'phone';
  /** The modal shows the step's title in its own heading. */
  onTitle?: (title: string) => void;
  /** Called after logging in (inline: the modal closes). */
  onDone?: () => void;
  /** Standalone: where the browser goes after a sign-up (spec: the phone page). */
  afterSignupHref?: (search: string) => string;
};

const Icon = {
  google: (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2.1-1.9 3.2-4.8 3.2-8.2z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.4-.4-2s.2-1.4.4-2V7.1H2A11 11 0 0 0 1 12c0 1.8.4 3.4 1 4.9L5.7 14z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2 7.1L5.7 10c.9-2.7 3.4-4.6 6.3-4.6z" />
    </svg>
  ),
  facebook: (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
    </svg>
  ),
  whatsapp: (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#25D366" d="M12 1.5A10.4 10.4 0 0 0 3 17.2L1.6 22.5l5.4-1.4A10.4 10.4 0 1 0 12 1.5z" />
      <path fill="#fff" d="M17.3 14.4c-.3-.1-1.7-.8-1.9-.9-.3-.1-.5-.1-.7.1l-.9 1.1c-.2.2-.3.2-.6.1a7.6 7.6 0 0 1-3.8-3.3c-.3-.5.3-.5.8-1.5.1-.2 0-.3 0-.5l-.9-2.1c-.2-.6-.5-.5-.7-.5h-.6c-.2 0-.5.1-.8.4-.3.3-1 1-1 2.4s1 2.8 1.2 3c.1.2 2 3.1 4.9 4.3 1.8.8 2.5.8 3.4.7.6-.1 1.7-.7 1.9-1.4.2-.7.2-1.2.2-1.4-.1-.1-.3-.2-.5-.3z" />
    </svg>
  ),
};

function StepForm(props: { onSubmit: (e: FormEvent<HTMLFormElement>) => void; busy: boolean; children: ReactNode; label: string }) {
  return (
    <form className="auth-form" onSubmit={props.onSubmit} noValidate aria-busy={props.busy} aria-label={props.label}>
      {props.children}
    </form>
  );
}

export default function LoginFlow({ inline, initial = 'email', onTitle, onDone, afterSignupHref }: Props) {
  const [step, setStep] = useState<Step>(initial === 'phone' ? { kind: 'phone' } : { kind: 'email' });
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [country, setCountry] = useState<CountryCode>('SG');
  const [phone, setPhone] = useState('');
  const [pendingSocial, setPendingSocial] = useState<OAuthProviderName | null>(null);
  const social = useRef<AbortController | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    onTitle?.(STEP_TITLES[step.kind]);
    // Move focus to the new step's first field, so keyboard and screen-reader users follow.
    root.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select')?.focus();
  }, [step, onTitle]);
  useEffect(() => () => social.current?.abort(), []);

  const go = (next: Step) => {
    setError(null);
    setFieldError(undefined);
    setLocked(false);
    setStep(next);
  };

  const finish = (answer: AuthResponse) => {
    completeLogin(answer);
    if (inline) onDone?.();
    else location.assign(afterLoginHref(location.search));
  };

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    setLocked(false);
    try {
      await work();
    } catch (err) {
      const msg = err instanceof Error && !(err instanceof ApiError) && err.message.startsWith('Unable to connect') ? err.message : errorMessage(err);
      if (err instanceof ApiError && err.status === 403 && step.kind === 'password') setLocked(true);
      const fields = err instanceof ApiError ? Object.values(err.fields) : [];
      if (fields[0]) setFieldError(fields[0]);
      else setError(msg);
    } finally {
      setBusy(false);
    }
  };

  // ── Email step ──
  const submitEmail = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    const problem = validateLoginEmail(email);
    if (problem) {
      setFieldError(problem);
      return;
    }
    void run(async () => {
      let found: LastLoginMethodResponse;
      try {
        found = (await lastLoginMethod(email)).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          if (inline) go({ kind: 'create-account', email });
          else location.assign(withQuery('/users/signup', location.search, { email }));
          return;
        }
        throw err;
      }
      if (found.isEmailOwnedByDiscardedUser) return go({ kind: 'deleted', email, support: found.supportEmail });
      const method = found.lastLoginMethod;
      if (method === 'google' || method === 'facebook') return go({ kind: 'welcome', email, firstName: found.firstName, provider: method });
      if (method === 'whatsapp') return go({ kind: 'phone', note: `Welcome back${found.firstName ? `, ${found.firstName}` : ''}. You last logged in with WhatsApp.` });
      if (found.shouldCreatePassword) {
        await sendPasswordInstructions(email);
        return go({ kind: 'create-password', email });
      }
      go({ kind: 'password', email, firstName: found.firstName });
    });
  };

  // ── Password step ──
  const submitPassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step.kind !== 'password') return;
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    const problem = validateLoginPassword(password);
    if (problem) {
      setFieldError(problem);
      return;
    }
    void run(async () => {
      const ctx = loginContext();
      const { data } = await loginWithEmail({ user: { email: step.email, password }, code: ctx.code, osc: ctx.osc, cartId: ctx.cartId });
      finish(data);
    });
  };

  // ── Social ──
  const startSocial = (provider: OAuthProviderName) => {
    social.current?.abort();
    const controller = new AbortController();
    social.current = controller;
    setPendingSocial(provider);
    void run(async () => {
      try {
        finish(await socialLogin(provider, controller.signal));
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        throw err instanceof ApiError ? err : new Error(socialError(provider));
      } finally {
        setPendingSocial(null);
      }
    });
  };
  const cancelSocial = () => {
    social.current?.abort();
    setPendingSocial(null);
  };

  // ── WhatsApp ──
  const requestCode = (phoneNumber: string) =>
    run(async () => {
      const { data, response } = await sendCode({ phoneNumber, purpose: 'login' });
      // Spec §4: 5 minutes from now, following the server's expiredAt.
      go({ kind: 'code', phoneNumber, expiresAt: codeExpiry(data.expiredAt, response.headers.get('date')), canResend: false });
    });

  const submitPhone = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { country: c, number, e164 } = phoneOfForm(e.currentTarget);
    setCountry(c);
    setPhone(number);
    if (!e164) {
      setFieldError(MESSAGES.phoneInvalid);
      return;
    }
    void requestCode(e164);
  };

  const submitCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step.kind !== 'code') return;
    const code = String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    const problem = validateCode(code);
    if (problem) {
      setFieldError(problem);
      return;
    }
    void run(async () => {
      const ctx = loginContext();
      const { data } = await loginWithWhatsapp({ whatsappCode: code, phoneNumber: step.phoneNumber, code: ctx.code, osc: ctx.osc, cartId: ctx.cartId });
      if ('token' in data && data.token) finish(data as AuthResponse);
      else go({ kind: 'finishing', phoneNumber: step.phoneNumber });
    });
  };

  const socialButtons = (
    <div className="auth-alternatives">
      {(['google', 'facebook'] as const).map((p) => (
        <button key={p} type="button" className="auth-alt" onClick={() => startSocial(p)} disabled={busy}>
          {Icon[p]}
          <span>Continue with {PROVIDER_LABEL[p]}</span>
        </button>
      ))}
      <button type="button" className="auth-alt" onClick={() => go({ kind: 'phone' })} disabled={busy}>
        {Icon.whatsapp}
        <span>Continue with WhatsApp</span>
      </button>
    </div>
  );

  const back = (label = 'Use another email') => (
    <button type="button" className="auth-link" onClick={() => go({ kind: 'email' })}>
      {label}
    </button>
  );

  const errorLine = error && (
    <p className="auth-error" role="alert">
      {error}
    </p>
  );

  let body: ReactNode;
  switch (step.kind) {
    case 'email':
      body = (
        <>
          <StepForm onSubmit={submitEmail} busy={busy} label="Log in or sign up with email">
            <FormField label="Email" error={fieldError}>
              <input name="email" type="email" autoComplete="email" maxLength={254} />
            </FormField>
            {errorLine}
            <button type="submit" className="button auth-submit" disabled={busy}>
              {busy && !pendingSocial ? 'Checking…' : 'Continue'}
            </button>
          </StepForm>
          <p className="auth-or">
            <span>or</span>
          </p>
          {socialButtons}
          {pendingSocial && (
            <p className="auth-muted" role="status">
              Finish in the {PROVIDER_LABEL[pendingSocial]} window…{' '}
              <button type="button" className="auth-link" onClick={cancelSocial}>
                Cancel
              </button>
            </p>
          )}
        </>
      );
      break;
    case 'password':
      body = (
        <StepForm onSubmit={submitPassword} busy={busy} label="Log in with your password">
          <p className="auth-lede">
            {step.firstName ? `Good to see you, ${step.firstName}. ` : ''}Enter the password for <strong>{step.email}</strong>.
          </p>
          <FormField label="Password" error={fieldError}>
            <input name="password" type="password" autoComplete="current-password" maxLength={128} />
          </FormField>
          {errorLine}
          {locked && (
            <p>
              <a className="auth-link" href={`/users/password/new?email=${encodeURIComponent(step.email)}`}>
                Reset your password
              </a>
            </p>
          )}
          <button type="submit" className="button auth-submit" disabled={busy}>
            {busy ? 'Logging in…' : 'Log In'}
          </button>
          <p className="auth-row">
            <a className="auth-link" href={`/users/password/new?email=${encodeURIComponent(step.email)}`}>
              Forgot your password?
            </a>
            {back()}
          </p>
        </StepForm>
      );
      break;
    case 'welcome':
      body = (
        <div className="auth-form">
          <div className="auth-welcome">
            <span className="auth-welcome__avatar" aria-hidden="true">
              {(step.firstName ?? step.email).slice(0, 1).toUpperCase()}
            </span>
            <p>
              {step.firstName ? <strong>{step.firstName}</strong> : null}
              <span>{step.email}</span>
            </p>
          </div>
          <p className="auth-lede">You last logged in with {PROVIDER_LABEL[step.provider]}.</p>
          <button type="button" className="auth-alt auth-alt--primary" onClick={() => startSocial(step.provider)} disabled={busy}>
            {Icon[step.provider]}
            <span>Continue with {PROVIDER_LABEL[step.provider]}</span>
          </button>
          {pendingSocial && (
            <p className="auth-muted" role="status">
              Finish in the {PROVIDER_LABEL[pendingSocial]} window…{' '}
              <button type="button" className="auth-link" onClick={cancelSocial}>
                Cancel
              </button>
            </p>
          )}
          {errorLine}
          <p className="auth-row">
            <button type="button" className="auth-link" onClick={() => go({ kind: 'password', email: step.email, firstName: step.firstName })}>
              Use your password instead
            </button>
            {back()}
          </p>
        </div>
      );
      break;
    case 'deleted':
      body = (
        <div className="auth-form">
          <p className="auth-error" role="alert">
            Account deleted with owner’s permission. For recovery, contact <a href={`mailto:${step.support}`}>{step.support}</a>
          </p>
          {back()}
        </div>
      );
      break;
    case 'create-password':
      body = (
        <div className="auth-form" role="status">
          <p className="auth-lede">
            Your account has no password yet. We’ve sent a link to create one to <strong>{step.email}</strong>. It works once and expires in 6 hours.
          </p>
          <p className="auth-muted">Prefer not to wait? Log in another way:</p>
          {socialButtons}
          {back()}
        </div>
      );
      break;
    case 'create-account':
      body = (
        <div className="auth-stack">
          <p className="auth-lede">New to Verdant? Create your account to save experiences and book in minutes.</p>
          <SignupForm email={step.email} onSuccess={(answer) => finish(answer)} />
          {back('Log in with another email')}
        </div>
      );
      break;
    case 'phone':
      body = (
        <StepForm onSubmit={submitPhone} busy={busy} label="Log in with WhatsApp">
          <p className="auth-lede">{step.note ?? 'We’ll send a 6-digit code to your WhatsApp.'}</p>
          <PhoneField country={country} number={phone} onCountry={setCountry} onNumber={setPhone} error={fieldError} />
          {errorLine}
          <button type="submit" className="button auth-submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send Code'}
          </button>
          {back('Log in with email instead')}
        </StepForm>
      );
      break;
    case 'code':
      body = (
        <StepForm onSubmit={submitCode} busy={busy} label="Enter the code">
          <p className="auth-lede">
            We sent a 6-digit code to the WhatsApp of <strong>{formatPhone(step.phoneNumber)}</strong>.
          </p>
          <FormField label="Code" error={fieldError}>
            <input name="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} pattern="[0-9 ]*" />
          </FormField>
          {errorLine}
          <button type="submit" className="button auth-submit" disabled={busy}>
            {busy ? 'Checking…' : 'Verify'}
          </button>
          <p className="auth-row" aria-live="polite">
            {step.canResend ? (
              <button type="button" className="auth-link" onClick={() => void requestCode(step.phoneNumber)} disabled={busy}>
                Resend code
              </button>
            ) : (
              <span className="auth-muted">
                You can ask for a new code in <Countdown expiresAt={step.expiresAt} onDone={() => setStep((s) => (s.kind === 'code' ? { ...s, canResend: true } : s))} />
              </span>
            )}
            <button type="button" className="auth-link" onClick={() => go({ kind: 'phone' })}>
              Change number
            </button>
          </p>
        </StepForm>
      );
      break;
    case 'finishing':
      body = (
        <div className="auth-stack">
          <p className="auth-lede">
            <strong>{formatPhone(step.phoneNumber)}</strong> is verified. Tell us who you are to finish.
          </p>
          <SignupForm
            phoneNumber={step.phoneNumber}
            submitLabel="Finish Signing Up"
            onSuccess={(answer) => {
              completeLogin(answer);
              if (inline) onDone?.();
              else location.assign(afterSignupHref ? afterSignupHref(location.search) : afterLoginHref(location.search));
            }}
          />
        </div>
      );
      break;
  }

  return (
    <div className="auth-flow" ref={root} data-step={step.kind}>
      {body}
    </div>
  );
}
