// /account/profile: photo (through the storage port), name, country and newsletter; email
// (needs the current password); password (change with the current one, or get a link to
// create a first one).
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { sendPasswordInstructions, updateMe, updatePassword } from '../../api-client/accounts.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { User } from '../../contract/accounts.ts';
import { MESSAGES, PASSWORD_MIN, isEmail } from '../../lib/auth-validation.ts';
import { $user, type SessionUser } from '../../stores/user.ts';
import FormField from '../forms/FormField.tsx';
import { initials } from '../header/AccountMenu.tsx';
import { SectionHead } from './parts.tsx';

type Status = { kind: 'idle' | 'busy' } | { kind: 'ok'; text: string } | { kind: 'error'; text: string; fields?: Record<string, string> };

const fieldsOf = (err: unknown) =>
  err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^user\./, ''), v])) : {};

function StatusLine({ status }: { status: Status }) {
  if (status.kind === 'ok') return <p className="acct-ok" role="status">{status.text}</p>;
  if (status.kind === 'error' && !status.fields?.[Object.keys(status.fields)[0] ?? '']) return <p className="auth-error" role="alert">{status.text}</p>;
  return null;
}

/** Scales a picked photo down to at most 512 px JPEG before upload (the server re-encodes it). */
async function shrink(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 512 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.88);
}

export default function Profile({ user }: { user: SessionUser }) {
  const full = user as SessionUser & Partial<User>;
  const [details, setDetails] = useState<Status>({ kind: 'idle' });
  const [email, setEmail] = useState<Status>({ kind: 'idle' });
  const [password, setPassword] = useState<Status>({ kind: 'idle' });
  const [photo, setPhoto] = useState<Status>({ kind: 'idle' });
  const fileRef = useRef<HTMLInputElement>(null);
  const saved = (u: User) => $user.set(u);

  const saveDetails = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const name = String(f.get('name') ?? '').trim();
    if (!name) return setDetails({ kind: 'error', text: MESSAGES.nameRequired, fields: { name: MESSAGES.nameRequired } });
    setDetails({ kind: 'busy' });
    try {
      saved((await updateMe({ name, receiveNewsletters: f.get('receiveNewsletters') === 'on' })).data);
      setDetails({ kind: 'ok', text: 'Your details are saved.' });
    } catch (err) {
      setDetails({ kind: 'error', text: errorMessage(err), fields: fieldsOf(err) });
    }
  };

  const saveEmail = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const next = String(f.get('email') ?? '').trim();
    const currentPassword = String(f.get('currentPassword') ?? '');
    if (!next) return setEmail({ kind: 'error', text: MESSAGES.signupEmailRequired, fields: { email: MESSAGES.signupEmailRequired } });
    if (!isEmail(next)) return setEmail({ kind: 'error', text: MESSAGES.signupEmailInvalid, fields: { email: MESSAGES.signupEmailInvalid } });
    setEmail({ kind: 'busy' });
    try {
      saved((await updateMe({ email: next, currentPassword })).data);
      setEmail({ kind: 'ok', text: `Your email is now ${next}.` });
      form.reset();
    } catch (err) {
      setEmail({ kind: 'error', text: errorMessage(err), fields: fieldsOf(err) });
    }
  };

  const savePassword = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const currentPassword = String(f.get('currentPassword') ?? '');
    const next = String(f.get('password') ?? '');
    const confirmation = String(f.get('passwordConfirmation') ?? '');
    const fields: Record<string, string> = {};
    if (!next) fields['password'] = MESSAGES.signupPasswordRequired;
    else if (next.length < PASSWORD_MIN) fields['password'] = MESSAGES.passwordHint;
    if (confirmation !== next) fields['passwordConfirmation'] = MESSAGES.passwordConfirmation;
    if (Object.keys(fields).length) return setPassword({ kind: 'error', text: 'Please check the fields marked above.', fields });
    setPassword({ kind: 'busy' });
    try {
      await updatePassword({ user: { currentPassword, password: next, passwordConfirmation: confirmation } });
      setPassword({ kind: 'ok', text: 'Your password is changed. Other devices have been logged out.' });
      form.reset();
    } catch (err) {
      setPassword({ kind: 'error', text: errorMessage(err), fields: fieldsOf(err) });
    }
  };

  const createPasswordLink = async () => {
    setPassword({ kind: 'busy' });
    try {
      await sendPasswordInstructions(user.email);
      setPassword({ kind: 'ok', text: `We’ve sent a link to create your password to ${user.email}.` });
    } catch (err) {
      setPassword({ kind: 'error', text: errorMessage(err) });
    }
  };

  const pickPhoto = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return setPhoto({ kind: 'error', text: 'Choose a JPEG, PNG or WebP photo' });
    setPhoto({ kind: 'busy' });
    let dataUrl: string;
    try {
      dataUrl = await shrink(file);
    } catch {
      return setPhoto({ kind: 'error', text: 'This file is not a photo we can read' });
    }
    try {
      saved((await updateMe({ avatar: dataUrl })).data);
      setPhoto({ kind: 'ok', text: 'Your photo is updated.' });
    } catch (err) {
      setPhoto({ kind: 'error', text: errorMessage(err) });
    }
  };

  const removePhoto = async () => {
    setPhoto({ kind: 'busy' });
    try {
      saved((await updateMe({ avatar: null })).data);
      setPhoto({ kind: 'ok', text: 'Your photo is removed.' });
    } catch (err) {
      setPhoto({ kind: 'error', text: errorMessage(err) });
    }
  };

  const err = (s: Status, name: string) => (s.kind === 'error' ? s.fields?.[name] : undefined);

  return (
    <div className="acct-section">
      <SectionHead title="Your profile" lede="How operators and fellow travellers see you, and how you log in." />

      <section className="acct-panel" aria-labelledby="acct-photo">
        <h2 id="acct-photo">Photo</h2>
        <div className="acct-photo">
          <span className="acct-avatar" aria-hidden="true">
            {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={96} height={96} /> : initials(user.name)}
          </span>
          <div className="acct-actions">
            <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" className="visually-hidden" id="acct-photo-file" aria-label="Choose a profile photo" onChange={(e) => void pickPhoto(e)} tabIndex={-1} />
            <button type="button" className="button button--quiet" onClick={() => fileRef.current?.click()} disabled={photo.kind === 'busy'}>
              {photo.kind === 'busy' ? 'Uploading…' : user.avatarUrl ? 'Change photo' : 'Add a photo'}
            </button>
            {user.avatarUrl && (
              <button type="button" className="auth-link" onClick={() => void removePhoto()} disabled={photo.kind === 'busy'}>
                Remove photo
              </button>
            )}
          </div>
        </div>
        <StatusLine status={photo} />
      </section>

      <section className="acct-panel" aria-labelledby="acct-details">
        <h2 id="acct-details">Your details</h2>
        <form className="auth-form" onSubmit={(e) => void saveDetails(e)} noValidate aria-busy={details.kind === 'busy'}>
          <FormField label="Name" error={err(details, 'name')}>
            <input name="name" type="text" autoComplete="name" maxLength={120} defaultValue={user.name} />
          </FormField>
          <label className="auth-check">
            <input name="receiveNewsletters" type="checkbox" defaultChecked={full.receiveNewsletters ?? true} />
            <span>Send me trip ideas, new experiences and the occasional offer.</span>
          </label>
          <StatusLine status={details} />
          <button type="submit" className="button acct-save" disabled={details.kind === 'busy'}>
            {details.kind === 'busy' ? 'Saving…' : 'Save details'}
          </button>
        </form>
      </section>

      <section className="acct-panel" aria-labelledby="acct-email">
        <h2 id="acct-email">Email</h2>
        <p className="acct-lede">
          You log in as <strong>{user.email}</strong>.
        </p>
        {full.hasPassword === false ? (
          <p className="auth-muted">To change your email, create a password first (below).</p>
        ) : (
          <form className="auth-form" onSubmit={(e) => void saveEmail(e)} noValidate aria-busy={email.kind === 'busy'}>
            <FormField label="New email" error={err(email, 'email')}>
              <input name="email" type="email" autoComplete="email" maxLength={254} />
            </FormField>
            <FormField label="Current password" error={err(email, 'currentPassword')}>
              <input name="currentPassword" type="password" autoComplete="current-password" maxLength={128} />
            </FormField>
            <StatusLine status={email} />
            <button type="submit" className="button button--quiet acct-save" disabled={email.kind === 'busy'}>
              {email.kind === 'busy' ? 'Saving…' : 'Change email'}
            </button>
          </form>
        )}
      </section>

      <section className="acct-panel" aria-labelledby="acct-password">
        <h2 id="acct-password">Password</h2>
        {full.hasPassword === false ? (
          <>
            <p className="acct-lede">You log in without a password. Create one to log in with your email too.</p>
            <StatusLine status={password} />
            <button type="button" className="button button--quiet acct-save" onClick={() => void createPasswordLink()} disabled={password.kind === 'busy'}>
              Email me a link to create a password
            </button>
          </>
        ) : (
          <form className="auth-form" onSubmit={(e) => void savePassword(e)} noValidate aria-busy={password.kind === 'busy'}>
            <FormField label="Current password" error={err(password, 'currentPassword')}>
              <input name="currentPassword" type="password" autoComplete="current-password" maxLength={128} />
            </FormField>
            <FormField label="New password" error={err(password, 'password')} hint={MESSAGES.passwordHint}>
              <input name="password" type="password" autoComplete="new-password" maxLength={128} />
            </FormField>
            <FormField label="Confirm new password" error={err(password, 'passwordConfirmation')}>
              <input name="passwordConfirmation" type="password" autoComplete="new-password" maxLength={128} />
            </FormField>
            <StatusLine status={password} />
            <button type="submit" className="button button--quiet acct-save" disabled={password.kind === 'busy'}>
              {password.kind === 'busy' ? 'Saving…' : 'Change password'}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
