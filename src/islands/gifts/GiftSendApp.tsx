// /gifts/send: choose an amount, a design, the recipient, a message and a send date, then pay
// for the gift with the normal payment step. Hydrates on first interaction (ADR 0005); the
// inputs are uncontrolled, so what a visitor typed before hydration is what FormData reads.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Order } from '../../contract/booking.ts';
import type { Gift } from '../../contract/gifts.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { getCheckoutsAvailable } from '../../api-client/booking.ts';
import { createGift, getExperienceName } from '../../api-client/gifts.ts';
import { commonGiftAmounts, giftAmountLimits, GIFT_DESIGNS } from '../../lib/gift-designs.ts';
import { $displayCurrency } from '../../stores/currency.ts';
import { openLoginModal } from '../../stores/ui.ts';
import { $user, sessionReady } from '../../stores/user.ts';
import FormField from '../forms/FormField.tsx';
import { useHydrated } from '../use-hydrated.ts';
import type { Provider } from '../checkout/OrderPaymentApp.tsx';
import './gifts.css';

const PayOrder = lazy(() => import('../checkout/OrderPaymentApp.tsx').then((m) => ({ default: m.PayOrder })));

/** Today in Singapore, the earliest send date (the server checks the same). */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

type Step = { name: 'form' } | { name: 'pay'; gift: Gift; order: Order; provider: Provider } | { name: 'done'; gift: Gift };

/** `defaultCurrency`: the site's, which the page was built with (spec §9). */
export default function GiftSendApp({ defaultCurrency }: { defaultCurrency: string }) {
  const user = useStore($user);
  // The visitor's currency once hydrated; the page's default until then, as in its HTML.
  const shown = useStore($displayCurrency);
  const currency = (useHydrated() ? shown : undefined) ?? defaultCurrency;
  const common = commonGiftAmounts(currency);
  const limits = giftAmountLimits(common);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [custom, setCustom] = useState(false);
  // `?experience=<slug>`: a gift experience (from an experience page or a gift collection).
  const [experience, setExperience] = useState<{ slugCode: string; name: string } | null>(null);
  useEffect(() => {
    const slug = new URLSearchParams(window.location.search).get('experience');
    if (!slug) return;
    getExperienceName(slug)
      .then(({ data }) => setExperience({ slugCode: slug, name: data.name }))
      .catch((err: unknown) => setMessage(errorMessage(err)));
  }, []);

  // The sender's name starts as the member's, once known, unless the visitor typed one already
  // (a remount to show it would wipe what was typed before the session answered) or is in the
  // field now: their first letters would land after the name ("Maya GiverMaya", seen in the
  // early-input journey of 2026-11-29).
  const senderName = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = senderName.current;
    if (user && field && !field.value.trim() && document.activeElement !== field) field.value = user.name;
  }, [user]);
  // The page was built on an earlier day: today is the earliest send date, and the default.
  const sendDate = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = sendDate.current;
    if (!field) return;
    field.min = today();
    if (!field.value || field.value < field.min) field.value = field.min;
  }, []);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (busy) return;
    setMessage(null);
    setErrors({});
    setBusy(true);
    // Sent the moment the page opened, the form waits for this page's answer on who is logged in.
    await sessionReady();
    if (!$user.get()) {
      setBusy(false);
      setMessage('Please log in or sign up to send a gift. What you entered stays here.');
      openLoginModal();
      return;
    }
    const f = new FormData(form);
    const choice = String(f.get('amount') ?? '');
    const amount = choice === 'custom' ? Number(String(f.get('customAmount') ?? '').replace(/,/g, '')) : Number(choice);
    try {
      const { data } = await createGift({
        ...(experience
          ? { kind: 'experience' as const, option: experience.slugCode, guests: Number(f.get('guests') ?? 1) || 1 }
          : { kind: 'card' as const, amount: Number.isFinite(amount) && amount > 0 ? amount : undefined }),
        currency,
        design: String(f.get('design') ?? ''),
        senderName: String(f.get('senderName') ?? ''),
        recipientName: String(f.get('recipientName') ?? ''),
        recipientEmail: String(f.get('recipientEmail') ?? ''),
        message: String(f.get('message') ?? ''),
        sendDate: String(f.get('sendDate') ?? ''),
      });
      const provider = await getCheckoutsAvailable(undefined, undefined)
        .then(({ data: p }) => ({ test: p.provider === 'test', simulate: p.canSimulatePayments, stripeKey: p.provider === 'stripe' ? p.stripePublishableKey : null }))
        .catch(() => ({ test: false, simulate: false, stripeKey: null }));
      setStep({ name: 'pay', gift: data.gift, order: data.order, provider });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      setMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (step.name === 'done') {
    const g = step.gift;
    return (
      <div className="gift-done" role="status">
        <h2>Your gift is on its way</h2>
        <p className="lead">
          We will e-mail your {g.kind === 'card' ? 'gift card' : 'gift experience'} to {g.recipientName} ({g.recipientEmail}) on {new Date(`${g.sendDate}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' })}.
        </p>
        <p>Gifts are non-refundable. You can find it under <a href="/account/trips">Bookings</a>.</p>
      </div>
    );
  }
  // The form stays in the page, hidden, while the gift is paid for: 'Change' brings it back as
  // it was left.
  const paying =
    step.name === 'pay' ? (
      <Suspense fallback={<div className="skeleton" style={{ height: '20rem' }} aria-busy="true" />}>
        <div className="gift-pay">
          <p className="gift-pay__summary">
            {step.gift.kind === 'card' ? (
              <>
                Gift card of <strong>{step.gift.value.amount} {step.gift.value.currency}</strong>
              </>
            ) : (
              <>
                Gift experience <strong>{step.gift.option?.name}</strong> for {step.gift.guests} {step.gift.guests === 1 ? 'guest' : 'guests'},
              </>
            )}{' '}
            for {step.gift.recipientName}, sent on {step.gift.sendDate}.{' '}
            <button type="button" className="link-button" onClick={() => setStep({ name: 'form' })}>
              Change
            </button>
          </p>
          <PayOrder order={step.order} kind="gift" provider={step.provider} initialMessage={null} onPaid={() => setStep({ name: 'done', gift: { ...step.gift, status: 'scheduled' } })} />
        </div>
      </Suspense>
    ) : null;

  return (
    <>
    {paying}
    <form className="gift-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined} hidden={step.name !== 'form'}>
      {experience ? (
        <fieldset className="gift-form__group">
          <legend>Gift experience</legend>
          <p className="gift-experience-name">{experience.name}</p>
          <FormField label="Guests" error={errors['guests'] ?? errors['option']} hint="They choose the date when they redeem it.">
            <input name="guests" type="number" min={1} max={20} defaultValue={2} inputMode="numeric" />
          </FormField>
        </fieldset>
      ) : (
      <fieldset className="gift-form__group">
        <legend>Amount ({currency})</legend>
        <div className="gift-amounts">
          {/* Keyed by place: an amount picked before the currency is known stays picked. */}
          {common.map((a, i) => (
            <label key={i} className="gift-amount">
              <input type="radio" name="amount" value={a} defaultChecked={i === 1} onChange={() => setCustom(false)} />
              <span>{a.toLocaleString('en')}</span>
            </label>
          ))}
          <label className="gift-amount">
            <input type="radio" name="amount" value="custom" onChange={() => setCustom(true)} />
            <span>Other</span>
          </label>
        </div>
        {custom && (
          <FormField label={`Your amount (${limits.min.toLocaleString('en')} to ${limits.max.toLocaleString('en')} ${currency})`} error={errors['amount']}>
            <input name="customAmount" type="text" inputMode="decimal" autoComplete="off" />
          </FormField>
        )}
        {!custom && errors['amount'] && <p className="form-field__error">{errors['amount']}</p>}
      </fieldset>
      )}

      <fieldset className="gift-form__group">
        <legend>Design</legend>
        <div className="gift-designs">
          {GIFT_DESIGNS.map((d, i) => (
            <label key={d.id} className="gift-design">
              <input type="radio" name="design" value={d.id} defaultChecked={i === 0} />
              <span className="gift-design__card" style={{ background: `linear-gradient(135deg, ${d.from}, ${d.to})`, color: d.ink }} aria-hidden="true">
                Verdant
              </span>
              <span className="gift-design__name">{d.name}</span>
            </label>
          ))}
        </div>
        {errors['design'] && <p className="form-field__error">{errors['design']}</p>}
      </fieldset>

      <fieldset className="gift-form__group">
        <legend>Who is it for?</legend>
        <FormField label="Recipient's name" error={errors['recipientName']}>
          <input name="recipientName" type="text" autoComplete="off" maxLength={80} />
        </FormField>
        <FormField label="Recipient's e-mail" error={errors['recipientEmail']} hint="We e-mail the gift card to this address on the send date.">
          <input name="recipientEmail" type="email" autoComplete="off" maxLength={200} />
        </FormField>
        <FormField label="From" error={errors['senderName']}>
          <input ref={senderName} name="senderName" type="text" autoComplete="name" maxLength={80} />
        </FormField>
        <FormField label="Your message" optional error={errors['message']}>
          <textarea name="message" rows={4} maxLength={500} />
        </FormField>
        <FormField label="Send on" error={errors['sendDate']} hint="Today, or any day in the next year.">
          <input ref={sendDate} name="sendDate" type="date" min={today()} defaultValue={today()} />
        </FormField>
      </fieldset>

      {message && (
        <p className="gift-form__message" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button button--accent" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Please wait…' : 'Continue to payment'}
      </button>
      <p className="gift-form__terms">Gifts are non-refundable.</p>
    </form>
    </>
  );
}
