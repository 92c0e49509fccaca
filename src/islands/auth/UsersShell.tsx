// The /users/* shell (spec §2 Authentication): log in, WhatsApp log-in, sign-up, and the two
// password pages, chosen by the browser's path. The page's title follows the route.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { sendPasswordInstructions, supplierInvitation, updatePassword } from '../../api-client/accounts.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { AuthResponse, SupplierInvitationResponse } from '../../contract/accounts.ts';
import { MESSAGES, PASSWORD_MIN, validateLoginEmail } from '../../lib/auth-validation.ts';
import { afterLoginHref, withQuery } from '../../lib/login-redirect.ts';
import { showNotice } from '../../stores/ui.ts';
import { $sessionState, $user, completeLogin } from '../../stores/user.ts';
import FormField from '../forms/FormField.tsx';
import LoginFlow from './LoginFlow.tsx';
import SignupForm from './SignupForm.tsx';
import './auth.css';

type Route = 'login' | 'whatsapp' | 'signup' | 'password-new' | 'password-edit' | 'unknown';

export function routeOf(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/users/login') return 'login';
  if (path === '/users/login/whatsapp') return 'whatsapp';
  if (path === '/users/signup') return 'signup';
  if (path === '/users/password/new') return 'password-new';
  if (path === '/users/password/edit') return 'password-edit';
  return 'unknown';
}

const PAGE: Record<Route, { title: string; description: string }> = {
  login: { title: 'Log In or Sign Up', description: 'Log in to Verdant to manage your bookings, gifts and bucket lists.' },
  whatsapp: { title: 'Log In with WhatsApp', description: 'Log in to Verdant with a code sent to your WhatsApp.' },
  signup: { title: 'Create an account', description: 'Join Verdant to save wild experiences across Asia to your bucket lists and book them in minutes.' },
  'password-new': { title: 'Reset your password', description: 'Get a link to choose a new Verdant password.' },
  'password-edit': { title: 'Choose a new password', description: 'Choose a new password for your Verdant account.' },
  unknown: { title: 'Page not found', description: 'This page does not exist.' },
};

/** Spec: after a standalone sign-up, the phone-number page with add_phone=true plus the query. */
export const afterSignupHref = (search: string) => withQuery('/account/phone-number', search, { add_phone: 'true' });

function Card({ title, children, lede }: { title: string; lede?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-card">
      <h1>{title}</h1>
      {lede && <p className="auth-lede">{lede}</p>}
      {children}
    </div>
  );
}

function Spinner({ label }: { label: string }) {
  return (
    <div className="auth-card auth-card--busy" aria-busy="true" role="status">
      <span className="auth-spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

function LoginPage({ whatsapp }: { whatsapp: boolean }) {
  const [title, setTitle] = useState(whatsapp ? 'Log In with WhatsApp' : 'Log In or Sign Up');
  return (
    <Card title={title}>
      <LoginFlow inline={false} initial={whatsapp ? 'phone' : 'email'} onTitle={setTitle} afterSignupHref={afterSignupHref} />
      {!whatsapp && (
        <p className="auth-fine">
          New here? <a href={withQuery('/users/signup', location.search)}>Create an account</a>
        </p>
      )}
    </Card>
  );
}

/** What sign-up says first: the invitation it completes (a colleague's or Verdant's), or why to join. */
function signupLede(invitation: SupplierInvitationResponse | null): string {
  if (!invitation) return 'Save wild places to your bucket lists, book in minutes and keep every trip in one place.';
  if (invitation.role === 'staff') return `You were invited to join ${invitation.operator}’s team on Verdant. Create your account with the invited address.`;
  return 'You were invited to list your experiences on Verdant. Create your partner account with the invited address.';
}

function SignupPage() {
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const [invitation, setInvitation] = useState<SupplierInvitationResponse | null | 'loading' | 'invalid'>(code ? 'loading' : null);
  useEffect(() => {
    if (!code) return;
    supplierInvitation(code).then(({ data }) => setInvitation(data), () => setInvitation('invalid'));
  }, [code]);
  if (invitation === 'loading') return <Spinner label="Loading your invitation…" />;
  const onSuccess = (answer: AuthResponse) => {
    completeLogin(answer);
    location.assign(afterSignupHref(location.search));
  };
  return (
    <Card
      title="Create an account"
      lede={signupLede(invitation === 'invalid' ? null : invitation)}
    >
      {invitation === 'invalid' && (
        <p className="auth-error" role="alert">
          This invitation is no longer valid. Ask the Verdant team for a new one, or sign up as a traveller.
        </p>
      )}
      <SignupForm
        email={invitation && invitation !== 'invalid' ? invitation.email : (query.get('email') ?? '')}
        lockEmail={Boolean(invitation && invitation !== 'invalid')}
        onSuccess={onSuccess}
      />
      <p className="auth-fine">
        Already have an account? <a href={withQuery('/users/login', location.search)}>Log in</a>
      </p>
    </Card>
  );
}

function PasswordNewPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    const problem = validateLoginEmail(email);
    setFieldError(problem);
    setError(null);
    if (problem || busy) return;
    setBusy(true);
    try {
      await sendPasswordInstructions(email);
      setSentTo(email);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  if (sentTo) {
    return (
      <Card title="Check your email">
        <p className="auth-lede" role="status">
          If an account uses <strong>{sentTo}</strong>, we’ve sent it a link to choose a new password. The link works once and expires in 6 hours.
        </p>
        <p className="auth-fine">
          <a href="/users/login">Back to log in</a>
        </p>
      </Card>
    );
  }
  return (
    <Card title="Reset your password" lede="Enter the email of your account and we’ll send you a link to choose a new password.">
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
        <FormField label="Email" error={fieldError}>
          <input name="email" type="email" autoComplete="email" defaultValue={new URLSearchParams(location.search).get('email') ?? ''} />
        </FormField>
        {error && (
          <p className="auth-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button auth-submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send Reset Link'}
        </button>
        <p className="auth-fine">
          <a href="/users/login">Back to log in</a>
        </p>
      </form>
    </Card>
  );
}

function PasswordEditPage() {
  const token = new URLSearchParams(location.search).get('reset_password_token') ?? '';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(token ? null : 'This password reset link is invalid or has expired. Please ask for a new one.');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const password = String(f.get('password') ?? '');
    const passwordConfirmation = String(f.get('passwordConfirmation') ?? '');
    const found: Record<string, string> = {};
    if (!password) found['password'] = MESSAGES.signupPasswordRequired;
    else if (password.length < PASSWORD_MIN) found['password'] = MESSAGES.passwordHint;
    if (passwordConfirmation !== password) found['passwordConfirmation'] = MESSAGES.passwordConfirmation;
    setErrors(found);
    setError(null);
    if (Object.keys(found).length || busy) return;
    setBusy(true);
    try {
      const { data } = await updatePassword({ user: { resetPasswordToken: token, password, passwordConfirmation } });
      if ('token' in data) completeLogin(data);
      showNotice({ text: 'Your password has been changed.' });
      location.assign('/account/profile?password_changed=true');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Choose a new password">
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
        <FormField label="New password" error={errors['password']} hint={MESSAGES.passwordHint}>
          <input name="password" type="password" autoComplete="new-password" maxLength={128} />
        </FormField>
        <FormField label="Confirm new password" error={errors['passwordConfirmation']}>
          <input name="passwordConfirmation" type="password" autoComplete="new-password" maxLength={128} />
        </FormField>
        {error && (
          <p className="auth-error" role="alert">
            {error} <a href="/users/password/new">Ask for a new link</a>
          </p>
        )}
        <button type="submit" className="button auth-submit" disabled={busy || !token}>
          {busy ? 'Saving…' : 'Save Password'}
        </button>
      </form>
    </Card>
  );
}

export default function UsersShell() {
  const route = routeOf(location.pathname);
  const session = useStore($sessionState);
  const user = useStore($user);
  useEffect(() => {
    document.title = `${PAGE[route].title} | Verdant`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', PAGE[route].description);
  }, [route]);

  // Logged in when the page opened (not by a log-in on this page, which sends the browser on
  // itself): the log-in and sign-up pages show a spinner and move on (spec §2 Sign-up page).
  const startedLoggedIn = useRef<boolean | null>(null);
  if (startedLoggedIn.current === null && session === 'ready') startedLoggedIn.current = user !== null;
  const alreadyIn = startedLoggedIn.current === true;
  useEffect(() => {
    if (alreadyIn && (route === 'login' || route === 'whatsapp' || route === 'signup')) location.replace(afterLoginHref(location.search));
  }, [alreadyIn, route]);

  if (route === 'unknown') {
    return (
      <Card title="This page doesn’t exist">
        <p className="auth-lede">
          <a href="/users/login">Log in</a> or <a href="/">go back to the home page</a>.
        </p>
      </Card>
    );
  }
  if ((route === 'signup' || route === 'login' || route === 'whatsapp') && (session !== 'ready' || alreadyIn)) return <Spinner label="Checking your session…" />;
  if (route === 'login' || route === 'whatsapp') return <LoginPage whatsapp={route === 'whatsapp'} />;
  if (route === 'signup') return <SignupPage />;
  if (route === 'password-new') return <PasswordNewPage />;
  return <PasswordEditPage />;
}
