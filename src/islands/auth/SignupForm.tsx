// The sign-up form (spec §2 Sign-up page, §3 Sign-up form, §5 texts): name, email (locked when
// it comes from a supplier invitation), password with its hint and confirmation, newsletter
// opt-in (on by default), captcha; the server's error shows under the captcha. In the WhatsApp
// 'Finishing Signing Up' step it asks no password (the number was verified instead).
import { useCallback, useState, type FormEvent } from 'react';
import { signUp } from '../../api-client/accounts.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { AuthResponse } from '../../contract/accounts.ts';
import { MESSAGES, validateSignup } from '../../lib/auth-validation.ts';
import FormField from '../forms/FormField.tsx';
import Captcha from './Captcha.tsx';
import { forgetReferral, loginContext, storedReferral } from './login-context.ts';
import { trackSignup } from './tracking.ts';

type Props = {
  email?: string;
  /** From a supplier invitation: the email is fixed. */
  lockEmail?: boolean;
  /** WhatsApp sign-up: the verified number, and no password. */
  phoneNumber?: string;
  submitLabel?: string;
  onSuccess: (answer: AuthResponse) => void;
};

const fieldOf = (wire: string) => wire.replace(/^user\./, '');

export default function SignupForm({ email = '', lockEmail = false, phoneNumber, submitLabel = 'Create Account', onSuccess }: Props) {
  const passwordless = Boolean(phoneNumber);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);
  const onToken = useCallback((t: string) => setCaptcha(t), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    const text = (k: string) => (typeof form.get(k) === 'string' ? (form.get(k) as string) : '');
    const values = {
      name: text('name'),
      email: lockEmail ? email : text('email'),
      password: text('password'),
      passwordConfirmation: text('passwordConfirmation'),
      captcha,
    };
    const found = validateSignup(values, { passwordless });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setSending(true);
    const ctx = loginContext();
    try {
      const { data } = await signUp({
        user: {
          name: values.name.trim(),
          email: values.email.trim(),
          receiveNewletters: form.get('receiveNewletters') === 'on',
          ...(passwordless ? { phoneNumber } : { password: values.password, passwordConfirmation: values.passwordConfirmation }),
        },
        captcha,
        code: ctx.code,
        osc: ctx.osc,
        cartId: ctx.cartId,
        ref: storedReferral(),
      });
      forgetReferral();
      trackSignup(passwordless ? 'whatsapp' : 'email');
      onSuccess(data);
    } catch (err) {
      const fields = err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [fieldOf(k), v])) : {};
      setErrors(fields);
      setServerError(errorMessage(err));
      // A captcha answer works once: a new attempt needs a new one.
      setCaptchaKey((k) => k + 1);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={sending} data-signup-form="">
      <FormField label="Name" error={errors['name']}>
        <input name="name" type="text" autoComplete="name" maxLength={120} />
      </FormField>
      <FormField label="Email" error={errors['email']} hint={lockEmail ? 'This invitation is for this address.' : undefined}>
        <input name="email" type="email" autoComplete="email" maxLength={254} defaultValue={email} disabled={lockEmail} />
      </FormField>
      {!passwordless && (
        <>
          <FormField label="Password" error={errors['password']} hint={MESSAGES.passwordHint}>
            <input name="password" type="password" autoComplete="new-password" maxLength={128} />
          </FormField>
          <FormField label="Confirm password" error={errors['passwordConfirmation']}>
            <input name="passwordConfirmation" type="password" autoComplete="new-password" maxLength={128} />
          </FormField>
        </>
      )}
      <label className="auth-check">
        <input name="receiveNewletters" type="checkbox" defaultChecked />
        <span>Send me trip ideas, new experiences and the occasional offer.</span>
      </label>
      <Captcha onToken={onToken} error={errors['captcha']} resetKey={captchaKey} />
      {serverError && !serverError.startsWith('Invalid body') && (
        <p className="auth-error" role="alert" data-server-error="">
          {serverError}
        </p>
      )}
      <button type="submit" className="button auth-submit" disabled={sending}>
        {sending ? 'Creating your account…' : submitLabel}
      </button>
      <p className="auth-fine">
        By creating an account you agree to our <a href="/terms">terms</a> and <a href="/privacy">privacy policy</a>.
      </p>
    </form>
  );
}
