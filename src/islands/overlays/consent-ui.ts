// The cookie banner and the preference centre (spec §4 "Consent"): plain HTML rendered by
// src/components/overlays, wired here with a few lines and no framework.
import { $consent, $isConsentPreferencesOpen, ACCEPT_ALL, CONSENT_CATEGORIES, chooseConsent, openConsentPreferences, type ConsentMode } from '../../stores/consent.ts';
import { showNotice } from '../../stores/ui.ts';
import { setUpModal } from './modal.ts';

export function setUpConsent(doc: Document = document): void {
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  const dialog = doc.querySelector<HTMLDialogElement>('[data-consent-preferences]');
  const form = dialog?.querySelector<HTMLFormElement>('form');
  if (!banner || !dialog || !form) return;

  const modal = setUpModal(dialog, { locked: true });
  $consent.subscribe((consent) => {
    banner.hidden = consent !== null;
  });
  $isConsentPreferencesOpen.subscribe((open) => {
    if (!open) return modal.close();
    // Start from the saved choice, or from everything on (spec §9 defaults).
    const current = $consent.get() ?? ACCEPT_ALL;
    for (const key of CONSENT_CATEGORIES) {
      const input = form.elements.namedItem(key);
      if (input instanceof HTMLInputElement) input.checked = current[key];
    }
    modal.open();
  });

  banner.querySelector('[data-consent-accept-all]')?.addEventListener('click', () => chooseConsent('accept_all', ACCEPT_ALL));
  banner.querySelector('[data-consent-manage]')?.addEventListener('click', openConsentPreferences);
  doc.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-cookie-settings]')) openConsentPreferences();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const mode: ConsentMode = { ...ACCEPT_ALL };
    for (const key of CONSENT_CATEGORIES) {
      const input = form.elements.namedItem(key);
      mode[key] = input instanceof HTMLInputElement && input.checked;
    }
    chooseConsent('custom', mode);
    showNotice({ text: 'Your cookie preferences are saved.' });
  });
}
