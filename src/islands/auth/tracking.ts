// Spec §4: a sign-up is also registered with tracking. The analytics and pixel functions exist
// only after the visitor consented (src/islands/overlays/third-party.ts loads them); without
// consent nothing is sent.
type Fn = (...args: unknown[]) => void;

export function trackSignup(method: 'email' | 'whatsapp'): void {
  const w = window as unknown as { gtag?: Fn; fbq?: Fn };
  try {
    if (typeof w.gtag === 'function') w.gtag('event', 'sign_up', { method });
    if (typeof w.fbq === 'function') w.fbq('track', 'CompleteRegistration', { method });
  } catch (err) {
    console.warn('Could not record the sign-up with tracking', err);
  }
}
