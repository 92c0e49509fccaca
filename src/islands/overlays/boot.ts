// Runs on every page before any interaction (plain script, no React): campaign tracking,
// the cookie banner and preference centre, third-party scripts after consent, the
// rate-limit modal, the notice bar, the login modal shell, the footer's newsletter form,
// and the newsletter pop-up's 30 s timer (its React code loads only when it fires).
import { $consent } from '../../stores/consent.ts';
import { $isFooterHidden, $isLoginModalOpen, $notice, $tooManyRequests, closeLoginModal, dismissTooManyRequests, showNotice, type NoticeKind } from '../../stores/ui.ts';
import { bootSession } from '../session/boot-session.ts';
import { enhanceSubscribeForm } from '../newsletter/footer-form.ts';
import { schedulePopup } from '../newsletter/popup-schedule.ts';
import { afterFirstSign } from '../../lib/first-sign.ts';
import { loadHeaderMenus } from '../header/menu-fragment.ts';
import { setUpConsent } from './consent-ui.ts';
import { deferredDialog } from './deferred-dialog.ts';
import { setUpModal } from './modal.ts';
import { loadTrackers } from './third-party.ts';
import { rememberCampaign } from './utm.ts';

/** Other scripts (and pages without a bundle of their own) can raise a notice with this event. */
export const NOTICE_EVENT = 'verdant:notice';

const root = document.querySelector<HTMLElement>('[data-overlays]');
const storage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
};

try {
  const session = storage('sessionStorage');
  if (session) rememberCampaign(location.search, session);
} catch (err) {
  console.warn('Could not keep the campaign', err);
}

setUpConsent();
const ids = { analyticsId: root?.dataset['analyticsId'], pixelId: root?.dataset['pixelId'] };
if (ids.analyticsId || ids.pixelId) $consent.subscribe((consent) => loadTrackers(consent, ids));

// The rate-limit and log-in dialogs come with the menus' file (deferred-dialog.ts), fetched at
// the first sign of a visitor, or when one is wanted before that.
deferredDialog({
  selector: '[data-rate-limit-modal]',
  asked: $tooManyRequests,
  setUp: (dialog) => setUpModal(dialog, { onClose: dismissTooManyRequests }),
  failure: 'You are browsing the site too quick. Please try again after a few minutes',
});

bootSession();

deferredDialog({
  selector: '[data-login-modal]',
  asked: $isLoginModalOpen,
  setUp: (dialog) => setUpModal(dialog, { onClose: closeLoginModal }),
  // The log-in flows' code loads only now (inline mode: no redirect after logging in).
  afterOpen: async (dialog) => {
    const body = dialog.querySelector<HTMLElement>('[data-login-modal-body]');
    const title = dialog.querySelector<HTMLElement>('#login-modal-title');
    if (body && title) (await import('../auth/mount-login-modal.tsx')).mountLoginModal(body, title);
  },
  failure: 'The log-in form could not load. Please check your connection and try again.',
  reset: closeLoginModal,
});

// The dialogs' markup at the first sign of a visitor, as the header does for its menus (a page
// without the header too).
afterFirstSign(() => {
  loadHeaderMenus().catch(() => {
    // logged by loadHeaderMenus; opening a dialog tries again
  });
});

const footer = document.querySelector<HTMLElement>('.site-footer');
if (footer) $isFooterHidden.subscribe((hidden) => (footer.hidden = hidden));

const bar = document.querySelector<HTMLElement>('[data-notice-bar]');
if (bar) {
  $notice.subscribe((notice) => {
    for (const region of bar.querySelectorAll<HTMLElement>('[data-notice]')) {
      const kind = region.dataset['notice'] as NoticeKind;
      region.textContent = notice?.kind === kind ? (kind === 'alert' ? `ERROR: ${notice.text}` : notice.text) : '';
    }
  });
}
window.addEventListener(NOTICE_EVENT, (event) => {
  const detail = (event as CustomEvent<unknown>).detail;
  if (detail && typeof detail === 'object' && typeof (detail as { text?: unknown }).text === 'string') showNotice(detail as Parameters<typeof showNotice>[0]);
});

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-subscribe-form]')) enhanceSubscribeForm(form);

const popupRoot = document.querySelector<HTMLElement>('[data-newsletter-popup]');
const local = storage('localStorage');
if (popupRoot && local) {
  schedulePopup(local, async () => {
    const { mountNewsletterPopup } = await import('../newsletter/mount-popup.tsx');
    mountNewsletterPopup(popupRoot);
  });
}

if (root) root.dataset['ready'] = '';
