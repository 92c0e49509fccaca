// The /invite page's script: keep a friend's code (?ref=…) for the sign-up, show the welcome
// discount of the visitor's country, and show a logged-in visitor their own link.
import { request } from '../../api-client/client.ts';
import { maybeSignedIn } from '../../api-client/user-token.ts';
import { REFERRAL_KEY } from '../auth/login-context.ts';
import { formatCredit } from '../../lib/account-format.ts';

export function inviteBoot(): void {
  const ref = new URLSearchParams(location.search).get('ref')?.trim().toUpperCase();
  const invited = document.querySelector<HTMLElement>('[data-invited]');
  if (ref && /^[A-Z0-9]{4,32}$/.test(ref) && invited) {
    try {
      localStorage.setItem(REFERRAL_KEY, ref);
    } catch {
      // storage disabled: the sign-up goes without the friend's code
    }
    invited.hidden = false;
    request<{ amount: number; currency: string }>('/welcome_discount').then(
      ({ data }) => {
        const slot = invited.querySelector('[data-welcome-amount]');
        if (slot) slot.textContent = formatCredit(data);
      },
      (err: unknown) => console.warn('Could not load the welcome discount', err),
    );
  }
  const mine = document.querySelector<HTMLElement>('[data-invite-mine]');
  if (!mine || !maybeSignedIn()) return;
  request<{ inviteUrl: string }>('/referral').then(
    ({ data }) => {
      const input = mine.querySelector<HTMLInputElement>('[data-invite-url]');
      if (!input) return;
      input.value = data.inviteUrl;
      mine.hidden = false;
      mine.parentElement?.querySelector<HTMLElement>('.invite__placeholder')?.setAttribute('hidden', '');
      mine.parentElement?.querySelector<HTMLElement>('.invite__steps')?.setAttribute('hidden', '');
      mine.querySelector('[data-invite-copy]')?.addEventListener('click', (e) => {
        const button = e.currentTarget as HTMLButtonElement;
        void navigator.clipboard?.writeText(data.inviteUrl).then(() => (button.textContent = 'Copied!'));
      });
    },
    () => {
      // not logged in any more: the static steps stay
    },
  );
}
