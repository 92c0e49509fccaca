// The recipient's e-mail and the printable card of a gift (also shown by the admin previews).
import { GIFTS_NON_REFUNDABLE } from '../../../contract/gifts.ts';
import { giftDesign } from '../../../lib/gift-designs.ts';
import { hmac, safeEqual } from '../secrets.ts';

export type GiftForMail = {
  id: string;
  kind: 'card' | 'experience';
  value: string;
  code: string;
  senderName: string;
  recipientName: string;
  message: string;
  design: string;
  experienceName: string | null;
  guests: number;
  expiresOn: string;
};

/**
 * The printable card's key: only the recipient's e-mail carries it. The gift id alone is not
 * enough, since the buyer knows it (their gift list) and the card shows the code.
 */
export const printKey = (secret: string, giftId: string) => hmac(secret, `gift-print:${giftId}`).slice(0, 32);
export const printKeyMatches = (secret: string, giftId: string, key: string) => safeEqual(printKey(secret, giftId), key);

export function giftEmail(g: GiftForMail, site: { url: string; secret: string }): { subject: string; text: string } {
  const siteUrl = site.url;
  const card = `${siteUrl}/gift-cards/print/${g.id}?key=${printKey(site.secret, g.id)}`;
  const what = g.kind === 'card' ? `a Verdant gift card worth ${g.value}` : `a gift experience: ${g.experienceName ?? 'an experience'} for ${g.guests} ${g.guests === 1 ? 'guest' : 'guests'}`;
  const redeem =
    g.kind === 'card'
      ? [`To use it, log in or sign up at ${siteUrl}/account/gift-codes, choose "Add a gift code" and enter the code. It becomes credit you can spend on any experience.`]
      : [`To choose your date, go to ${siteUrl}/redeem-gift-experiences?code=${encodeURIComponent(g.code)} and enter the code.`];
  return {
    subject: `${g.senderName} sent you a gift on Verdant`,
    text: [
      `Hi ${g.recipientName},`,
      '',
      `${g.senderName} has sent you ${what}.`,
      ...(g.message ? ['', `"${g.message}"`, `— ${g.senderName}`] : []),
      '',
      `Your gift code: ${g.code}`,
      `Use it before ${g.expiresOn}.`,
      '',
      ...redeem,
      '',
      `A card to print: ${card}`,
      '',
      GIFTS_NON_REFUNDABLE + '.',
      '',
      'The Verdant team',
    ].join('\n'),
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A self-contained printable page (no script, inline style) for the printable card link. */
export function printableCard(g: GiftForMail, opts: { preview?: boolean } = {}): string {
  const d = giftDesign(g.design) ?? giftDesign('canopy')!;
  const title = g.kind === 'card' ? `A gift card worth ${g.value}` : (g.experienceName ?? 'A gift experience');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(opts.preview ? 'Preview: ' : '')}Your Verdant gift</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#F4EFE6;color:#1B1B1B}
main{max-width:640px;margin:2rem auto;padding:0 1rem}
.card{border-radius:16px;padding:2.5rem 2rem;background:linear-gradient(135deg,${d.from},${d.to});color:${d.ink};box-shadow:0 8px 24px rgba(0,0,0,.15)}
.card h1{font-family:Georgia,serif;font-size:2rem;margin:.25rem 0 1rem}
.eyebrow{text-transform:uppercase;letter-spacing:.08em;font-size:.8rem;margin:0}
blockquote{font-style:italic;margin:1.5rem 0;font-size:1.1rem}
.code{font:600 1.4rem/1.2 ui-monospace,monospace;letter-spacing:.06em;background:rgba(255,255,255,.9);color:#1F3A2E;padding:.75rem 1rem;border-radius:8px;display:inline-block}
.small{font-size:.9rem}
@media print{body{background:#fff}main{margin:0}.card{box-shadow:none;-webkit-print-color-adjust:exact;print-color-adjust:exact}.noprint{display:none}}
</style></head><body><main>
${opts.preview ? '<p class="noprint"><strong>Admin preview</strong>: sample data, nothing was sent.</p>' : ''}
<section class="card" aria-label="Gift card">
<p class="eyebrow">Verdant · ${esc(d.name)}</p>
<h1>${esc(title)}</h1>
<p>For ${esc(g.recipientName)}, from ${esc(g.senderName)}</p>
${g.message ? `<blockquote>“${esc(g.message)}”</blockquote>` : ''}
<p class="small">Your gift code</p>
<p class="code">${esc(g.code)}</p>
<p class="small">Use it before ${esc(g.expiresOn)}. ${g.kind === 'card' ? 'Redeem it at verdant under Account › Your Gifts.' : 'Choose your date at /redeem-gift-experiences.'}</p>
</section>
<p class="small">${GIFTS_NON_REFUNDABLE}.</p>
</main></body></html>`;
}
