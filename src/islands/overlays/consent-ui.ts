// The cookie banner and the preference centre (spec §4 "Consent"): plain HTML rendered by
// src/components/overlays (the centre arrives with the menus' file), wired here with a few lines
// and no framework.
import { $consent, $isConsentPreferencesOpen, ACCEPT_ALL, CONSENT_CATEGORIES, chooseConsent, openConsentPreferences, type ConsentMode } from '../../stores/consent.ts';
import { showNotice } from '../../stores/ui.ts';
import { deferredDialog } from './deferred-dialog.ts';
import { setUpModal } from './modal.ts';

export function setUpConsent(doc: Document = document): void {
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner) return;
  $consent.subscribe((consent) => {
    banner.hidden = consent !== null;
  });

  // The preference centre comes with the menus' file (deferred-dialog.ts).
  deferredDialog({
    selector: '[data-consent-preferences]',
    asked: $isConsentPreferencesOpen,
    setUp: (dialog) => {
      const form = dialog.querySelector<HTMLFormElement>('form');
      form?.addEventListener('submit', (event) => {
        event.preventDefault();
        const mode: ConsentMode = { ...ACCEPT_ALL };
        for (const key of CONSENT_CATEGORIES) {
          const input = form.elements.namedItem(key);
          mode[key] = input instanceof HTMLInputElement && input.checked;
        }
        chooseConsent('custom', mode);
        showNotice({ text: 'Your cookie preferences are saved.' });
      });
      return setUpModal(dialog, { locked: true });
    },
    // Start from the saved choice, or from everything on (spec §9 defaults).
    beforeOpen: (dialog) => {
      const current = $consent.get() ?? ACCEPT_ALL;
      const form = dialog.querySelector<HTMLFormElement>('form');
      for (const key of CONSENT_CATEGORIES) {
        const input = form?.elements.namedItem(key);
        if (input instanceof HTMLInputElement) input.checked = current[key];
      }
    },
    failure: 'Your cookie preferences could not be opened. Check your connection, then try again.',
    reset: () => $isConsentPreferencesOpen.set(false),
  });

  banner.querySelector('[data-consent-accept-all]')?.addEventListener('click', () => chooseConsent('accept_all', ACCEPT_ALL));
  banner.querySelector('[data-consent-manage]')?.addEventListener('click', openConsentPreferences);
  doc.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-cookie-settings]')) openConsentPreferences();
  });
}
