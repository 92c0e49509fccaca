// The footer's newsletter form, enhanced by plain script (no React on first visits): the
// button is disabled while the request runs; the answer shows beside it (§8 texts, errors in red).
import { subscribeEmail } from './subscribe.ts';

export function enhanceSubscribeForm(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const message = form.querySelector<HTMLElement>('[data-subscribe-message]');
  if (!input || !button || !message) return;
  form.noValidate = true; // our texts (spec §5), not the browser's bubble
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    form.setAttribute('aria-busy', 'true');
    message.textContent = '';
    const outcome = await subscribeEmail(input.value, 'footer');
    button.disabled = false;
    form.removeAttribute('aria-busy');
    message.dataset['tone'] = outcome.kind;
    message.textContent = outcome.text;
    const failed = outcome.kind === 'error';
    input.setAttribute('aria-invalid', String(failed));
    if (failed) input.focus();
    else if (outcome.kind === 'subscribed') input.value = '';
  });
}
