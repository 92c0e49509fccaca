// /ambassador/signup: the application (channels, audience links, a short pitch, the terms).
import { useState, type FormEvent } from 'react';
import { applyAsAmbassador } from '../../api-client/ambassador.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { AMBASSADOR_CHANNELS, CHANNEL_LABELS, type AmbassadorProfile, type AmbassadorChannel } from '../../contract/ambassador.ts';
import { $user, setUser } from '../../stores/user.ts';
import FormField from '../forms/FormField.tsx';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; text: string; fields: Record<string, string> };

export default function Signup({ profile, onApplied }: { profile: AmbassadorProfile | null; onApplied: () => void }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  if (profile && profile.status !== 'rejected') {
    return (
      <>
        <p className="eyebrow">Ambassador programme</p>
        <h1>{profile.status === 'approved' ? 'You are a Verdant ambassador' : 'You have applied'}</h1>
        <p className="lead">{profile.status === 'approved' ? 'Your dashboard is ready.' : 'We are reviewing your application and will e-mail you.'}</p>
        <p className="account-shell__actions">
          <a className="button" href={profile.status === 'approved' ? '/ambassador/dashboard' : '/ambassador/status'}>
            {profile.status === 'approved' ? 'Open your dashboard' : 'See your application'}
          </a>
        </p>
      </>
    );
  }
  const err = (k: string) => (state.kind === 'error' ? state.fields[k] : undefined);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const channels = form.getAll('channels').map(String) as AmbassadorChannel[];
    const audienceLinks = ['link1', 'link2', 'link3'].map((k) => String(form.get(k) ?? '').trim()).filter(Boolean);
    const body = { channels, audienceLinks, pitch: String(form.get('pitch') ?? ''), acceptTerms: form.get('acceptTerms') === 'on' };
    const local: Record<string, string> = {};
    if (!channels.length) local['channels'] = 'Choose at least one channel you share on';
    if (!audienceLinks.length) local['audienceLinks'] = 'Add a link to where your audience follows you';
    if (!body.acceptTerms) local['acceptTerms'] = 'Please accept the ambassador terms';
    if (Object.keys(local).length) {
      setState({ kind: 'error', text: 'Please check the highlighted fields.', fields: local });
      return;
    }
    setState({ kind: 'busy' });
    try {
      await applyAsAmbassador(body as Parameters<typeof applyAsAmbassador>[0]);
      const user = $user.get();
      if (user) setUser({ ...user, ambassadorProfile: { status: 'applied' } });
      onApplied();
      location.assign('/ambassador/status');
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setState({ kind: 'error', text: errorMessage(error), fields });
    }
  }

  const linkError = (i: number) => err(`audienceLinks.${i}`) ?? (i === 0 ? err('audienceLinks') : undefined);
  return (
    <>
      <p className="eyebrow">Ambassador programme</p>
      <h1>Apply to become an ambassador</h1>
      <p className="lead">Tell us where you share and who follows you. It takes about five minutes; we answer within five working days.</p>
      <form className="auth-form amb-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={state.kind === 'busy'}>
        <fieldset className="amb-fieldset" aria-describedby={err('channels') ? 'amb-channels-error' : undefined}>
          <legend className="form-field__label">Where do you share?</legend>
          <div className="amb-checks">
            {AMBASSADOR_CHANNELS.map((c) => (
              <label key={c} className="auth-check">
                <input type="checkbox" name="channels" value={c} /> {CHANNEL_LABELS[c]}
              </label>
            ))}
          </div>
          {err('channels') && (
            <p id="amb-channels-error" className="form-field__error">
              {err('channels')}
            </p>
          )}
        </fieldset>
        <FormField label="Link to your audience" hint="Your profile, channel or blog, like https://instagram.com/yourname" error={linkError(0)}>
          <input name="link1" type="url" inputMode="url" maxLength={300} />
        </FormField>
        <FormField label="Another link" optional error={linkError(1)}>
          <input name="link2" type="url" inputMode="url" maxLength={300} />
        </FormField>
        <FormField label="One more link" optional error={linkError(2)}>
          <input name="link3" type="url" inputMode="url" maxLength={300} />
        </FormField>
        <FormField label="Tell us about what you create" hint="Who follows you, what you share, the places you love (20 to 1000 characters)" error={err('pitch')}>
          <textarea name="pitch" rows={5} maxLength={1000} />
        </FormField>
        <label className="auth-check">
          <input type="checkbox" name="acceptTerms" aria-invalid={err('acceptTerms') ? true : undefined} aria-describedby={err('acceptTerms') ? 'amb-terms-error' : undefined} /> I accept the{' '}
          <a href="/ambassador/terms" target="_blank" rel="noopener">
            ambassador terms
          </a>
        </label>
        {err('acceptTerms') && (
          <p id="amb-terms-error" className="form-field__error">
            {err('acceptTerms')}
          </p>
        )}
        {state.kind === 'error' && (
          <p className="auth-error" role="alert">
            {state.text}
          </p>
        )}
        <button type="submit" className="button" disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Sending…' : 'Send application'}
        </button>
      </form>
    </>
  );
}
