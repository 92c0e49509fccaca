// The sign-up captcha (spec §5 'Please complete captcha challenge'). The server says which
// provider runs: the built-in signed test challenge (a tick box that fetches a signed,
// single-use token), or Cloudflare Turnstile / hCaptcha, whose script loads only here.
import { useEffect, useId, useRef, useState } from 'react';
import { captchaChallenge, captchaConfig } from '../../api-client/accounts.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { CaptchaConfig } from '../../contract/accounts.ts';

type Props = { onToken: (token: string) => void; error?: string | undefined; resetKey: number };

const SCRIPTS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
} as const;

type Widget = { render: (el: HTMLElement, opts: Record<string, unknown>) => unknown };

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('The captcha could not load'));
    document.head.append(s);
  });
}

export default function Captcha({ onToken, error, resetKey }: Props) {
  const id = useId();
  const [config, setConfig] = useState<CaptchaConfig | null>(null);
  const [state, setState] = useState<'idle' | 'checking' | 'done' | 'failed'>('idle');
  const [loadError, setLoadError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    captchaConfig().then(({ data }) => setConfig(data), (err: unknown) => setLoadError(errorMessage(err)));
  }, []);

  useEffect(() => {
    setState('idle');
    onToken('');
  }, [resetKey]);

  useEffect(() => {
    if (!config || config.provider === 'test' || !box.current) return;
    const provider = config.provider;
    loadScript(SCRIPTS[provider])
      .then(() => {
        const api = (window as unknown as Record<string, Widget | undefined>)[provider];
        api?.render(box.current!, { sitekey: config.siteKey, callback: (token: string) => onToken(token), 'expired-callback': () => onToken('') });
      })
      .catch((err: unknown) => setLoadError(errorMessage(err)));
  }, [config, onToken]);

  const tick = async (checked: boolean) => {
    if (!checked) {
      setState('idle');
      onToken('');
      return;
    }
    setState('checking');
    try {
      const { data } = await captchaChallenge();
      onToken(data.token);
      setState('done');
    } catch (err) {
      setLoadError(errorMessage(err));
      setState('failed');
    }
  };

  return (
    <div className="auth-captcha" data-captcha="" data-state={state}>
      {config?.provider === 'test' ? (
        <label className="auth-captcha__box" htmlFor={id}>
          <input id={id} type="checkbox" checked={state === 'done' || state === 'checking'} disabled={state === 'checking'} onChange={(e) => void tick(e.currentTarget.checked)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          <span>I’m not a robot</span>
          <small>{state === 'checking' ? 'Checking…' : 'Verdant test challenge'}</small>
        </label>
      ) : (
        <div ref={box} />
      )}
      {!config && !loadError && <p className="auth-muted">Loading the captcha…</p>}
      {loadError && <p className="form-field__error">{loadError}</p>}
      {error && (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
