// /checkout: contact details, each guest's details the operator needs, pickup, special
// requests, and payment (Apple Pay or Google Pay, card, PayNow or GrabPay now, pay later, or an
// invoice), beside the itemised
// all-in price in the traveller's currency. Guests check out without an account.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { GRABPAY_CURRENCY_RULE, type Cart, type CheckoutsAvailableResponse, type CustomerInfo, type PaymentMethod, type PaymentTiming, type PayResponse, type WalletMethod } from '../../contract/booking.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { newIdempotencyKey, pay } from '../../api-client/booking.ts';
import { CUSTOMER_FIELD_LABELS, type CustomerField } from '../../lib/required-info.ts';
import { $cartId, $cartQuery, addToCart, clearCart } from '../../stores/cart.ts';
import { $sessionEnded, $user } from '../../stores/user.ts';
import { editHref } from '../booking/edit-link.ts';
import { formatPrice } from '../booking/money.ts';
import { useAdoptedFields } from '../forms/use-adopted-fields.ts';
import OrderSummary from './OrderSummary.tsx';
import { $available } from './available.ts';
import { CorporateCode, GiftCode, PromoCode, UseCredits } from './discounts.tsx';
import { GuestNote, LoggedOutBag, sessionEndedAtPay, usePrefilledContact } from './session-parts.tsx';
import { StripeCard, type StripeCardHandle } from './stripe-card.tsx';
import { WALLET_NAMES, WalletButtons } from './wallet-parts.tsx';
import { NEW_CARD, SaveCardBox, SavedCardChoices, useSavedCards } from './saved-cards.tsx';
import { CardFields, OtpDialog, PayNowPanel, TestCardsNote, tokenizeCard, usePaymentFlow, type CardErrors, type CardValues } from './payment-parts.tsx';

type Errors = Record<string, string>;

const INPUT_TYPES: Record<CustomerField, { type: string; autoComplete?: string }> = {
  fullName: { type: 'text', autoComplete: 'off' },
  dateOfBirth: { type: 'date' },
  nationality: { type: 'text', autoComplete: 'off' },
  passportNumber: { type: 'text', autoComplete: 'off' },
};

function Field({ label, name, error, optional, hint, children }: { label: string; name: string; error?: string | undefined; optional?: boolean; hint?: string; children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; name: string }) => React.ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-h` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
        {optional && <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-h`} className="form-field__hint">
          {hint}
        </p>
      )}
      {children({ id, name, ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {error && (
        <p id={`${id}-e`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export default function CheckoutForm() {
  const cartId = useStore($cartId);
  const query = useStore($cartQuery);
  const available = useStore($available);
  const cart = query.data;
  const user = useStore($user);
  const sessionEnded = useStore($sessionEnded);

  if (!cartId && sessionEnded) return <LoggedOutBag />;
  if (!cartId || (cart && !cart.orderItem)) {
    return (
      <div className="checkout-empty">
        <p className="eyebrow">Checkout</p>
        <h1>Your bag is empty</h1>
        <p className="lead">Bag whispers: "Fill me!" Find an experience you love and book it here.</p>
        <p>
          <a className="button" href="/">
            Explore experiences
          </a>
        </p>
      </div>
    );
  }
  if (!cart) {
    if (query.error) {
      return (
        <div className="checkout-empty" role="alert">
          <h1>We couldn’t load your bag</h1>
          <p className="lead">{errorMessage(query.error)}</p>
        </div>
      );
    }
    return <CheckoutSkeleton />;
  }
  return <CheckoutLoaded cart={cart} available={available.data ?? null} signedIn={user !== null} />;
}

function CheckoutSkeleton() {
  return (
    <div className="checkout" aria-busy="true">
      <span className="visually-hidden">Loading your bag…</span>
      <div className="checkout__main">
        <div className="skeleton" style={{ height: '3rem', width: '60%' }} />
        <div className="skeleton" style={{ height: '14rem', marginTop: '2rem' }} />
        <div className="skeleton" style={{ height: '10rem', marginTop: '1.5rem' }} />
      </div>
      <div className="skeleton checkout__aside" style={{ height: '24rem' }} />
    </div>
  );
}

function CheckoutLoaded({ cart, available, signedIn }: { cart: Cart; available: CheckoutsAvailableResponse | null; signedIn: boolean }) {
  const item = cart.orderItem!;
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptedFields(formRef);
  const [contact, setContact] = useState({ name: '', email: '', phone: '' });
  const [customers, setCustomers] = useState<CustomerInfo[]>(() => Array.from({ length: item.totalQuantity }, () => ({})));
  const [pickupAddress, setPickupAddress] = useState('');
  const [specialRequests, setSpecialRequests] = useState('');
  const [timing, setTiming] = useState<PaymentTiming>('checkout');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const saved = useSavedCards(signedIn);
  const [saveCard, setSaveCard] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pickupBusy, setPickupBusy] = useState(false);
  const attempt = useRef<{ key: string; token: string | null; card: string } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  usePrefilledContact(setContact);

  useEffect(() => {
    setCustomers((list) => Array.from({ length: item.totalQuantity }, (_, i) => list[i] ?? {}));
  }, [item.totalQuantity]);

  const stripeKey = available?.provider === 'stripe' ? available.stripePublishableKey : null;
  const stripeCard = useRef<StripeCardHandle>(null);
  const flow = usePaymentFlow(
    (res: PayResponse) => {
      clearCart();
      window.location.assign(`/checkout/confirmation?order=${encodeURIComponent(res.order.id)}`);
    },
    (text) => {
      setMessage(text);
      void $cartQuery.revalidate();
    },
    stripeKey,
  );
  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  const paynowOk = available?.paymentMethods.find((m) => m.method === 'paynow');
  const grabOk = available?.paymentMethods.find((m) => m.method === 'grabpay');
  const later = available?.paymentTimings.find((t) => t.timing === 'later');
  const invoice = available?.paymentTimings.find((t) => t.timing === 'invoice');
  const busy = flow.state.step !== 'idle';
  const total = cart.exchangedTotalAmountWithConversionFee;
  // Nothing left to pay: credits (or a gift code) settle the booking without any payment provider.
  const paidByCompany = cart.corporate !== null && cart.corporate.problem === null && total.amount === 0;
  const settledByStoredValue = timing === 'checkout' && total.amount === 0 && (paidByCompany || cart.fullPaymentByCredit || cart.giftCodeAmount.amount > 0);
  const storedMethod: PaymentMethod = paidByCompany ? 'corporate' : cart.fullPaymentByCredit ? 'credit' : 'gift_code';
  const unavailable = (method === 'paynow' && paynowOk?.available === false) || (method === 'grabpay' && grabOk?.available === false);
  const effectiveMethod: PaymentMethod = timing === 'invoice' ? 'invoice' : timing === 'later' ? 'card' : settledByStoredValue ? storedMethod : method === 'credit' || method === 'gift_code' || unavailable ? 'card' : method;

  const setCustomer = (i: number, field: CustomerField, value: string) => setCustomers((list) => list.map((c, j) => (j === i ? { ...c, [field]: value } : c)));

  const changePickup = async (id: string) => {
    setPickupBusy(true);
    setMessage(null);
    try {
      await addToCart({
        optionId: item.option.slugCode,
        startDate: item.startDate,
        ...(item.room ? { endDate: item.endDate, roomId: item.room.id } : { detailedTimeslotId: item.detailedTimeslotId ?? undefined }),
        quantity: item.quantity,
        childQuantity: item.childQuantity,
        localQuantity: item.localQuantity,
        childLocalQuantity: item.childLocalQuantity,
        transportItemId: id || null,
      });
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setPickupBusy(false);
    }
  };

  /** What every pay call of this bag sends besides the method: the total shown and the traveller's details. */
  const details = () => ({
    cartId: cart.id,
    currency: cart.currency,
    expectedTotal: total,
    contact: { name: contact.name, email: contact.email, ...(contact.phone.trim() ? { phone: contact.phone } : {}) },
    customers,
    ...(item.selectedTransportItem ? { pickupAddress } : {}),
    ...(specialRequests.trim() ? { specialRequests } : {}),
  });

  /** The wallet sheet approved: pay with its token (a new attempt, so a new key). Failures show by the pay button. */
  const payWithWallet = async (wallet: WalletMethod, walletToken: string) => {
    setErrors({});
    setMessage(null);
    flow.start();
    try {
      const { data } = await pay({ ...details(), paymentMethod: wallet, paymentTiming: 'checkout', walletToken }, newIdempotencyKey());
      flow.settle(data);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.fields);
      if (err instanceof ApiError && err.details['code'] === 'price_changed') void $cartQuery.revalidate();
      flow.fail(sessionEndedAtPay(err) ?? err);
      throw err;
    }
  };

  /** The sheet opens only once the details a booking needs are filled in (it pays at once). */
  const readyForWallet = () => {
    // The card fields are not needed for a wallet: only the traveller's details count.
    const fields = Array.from(formRef.current?.elements ?? []).filter((el): el is HTMLInputElement => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement);
    const missing = fields.find((el) => !el.closest('.card-fields, .stripe-card') && !el.checkValidity());
    if (!missing) return true;
    setMessage('Please fill in your details above first: your wallet pays as soon as you approve.');
    missing.reportValidity();
    return false;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrors({});
    setCardErrors({});
    setMessage(null);
    flow.start();
    // A saved card pays by its id: nothing to tokenise. A new card may be kept (saveCard).
    const savedCard = effectiveMethod === 'card' && timing === 'checkout' ? saved.savedCard : null;
    const keepCard = effectiveMethod === 'card' && timing === 'checkout' && !savedCard && signedIn && saveCard;
    const cardSig = savedCard ? `saved:${savedCard.id}` : `${card.number}|${card.expiry}|${card.cvc}|${keepCard}`;
    if (!attempt.current || attempt.current.card !== cardSig) attempt.current = { key: newIdempotencyKey(), token: null, card: cardSig };
    const current = attempt.current;
    try {
      if (savedCard) {
        // Nothing to collect: the provider already holds this card.
      } else if (effectiveMethod === 'card' && timing === 'checkout' && !current.token && stripeKey) {
        const pm = stripeCard.current ? await stripeCard.current.paymentMethod() : { error: 'The card form is still loading' };
        if ('error' in pm) {
          flow.fail(new ApiError(422, pm.error));
          attempt.current = null;
          return;
        }
        current.token = pm.token;
      } else if (effectiveMethod === 'card' && timing === 'checkout' && !current.token) {
        const t = await tokenizeCard(card);
        if ('errors' in t) {
          setCardErrors(t.errors);
          flow.fail(new ApiError(422, 'Please check your card details'));
          attempt.current = null;
          return;
        }
        current.token = t.token;
      }
      const cardPart = savedCard ? { paymentCardId: savedCard.id } : { ...(current.token ? { cardToken: current.token } : {}), ...(keepCard ? { saveCard: true } : {}) };
      const { data } = await pay({ ...details(), paymentMethod: effectiveMethod, paymentTiming: timing, ...cardPart }, current.key);
      attempt.current = null;
      flow.settle(data);
    } catch (err) {
      // A network failure keeps the attempt: retrying with the same key cannot charge twice.
      if (err instanceof ApiError) attempt.current = null;
      if (err instanceof ApiError && err.status === 422) setErrors(err.fields);
      if (err instanceof ApiError && err.details['code'] === 'price_changed') void $cartQuery.revalidate();
      flow.fail(sessionEndedAtPay(err) ?? err);
    }
  };

  const err = (key: string) => errors[key];
  const payLabel =
    timing === 'later'
      ? 'Reserve now, pay later'
      : timing === 'invoice'
        ? 'Book and send me the invoice'
        : settledByStoredValue
          ? storedMethod === 'corporate'
            ? `Book, paid by ${cart.corporate?.companyName ?? 'your company'}`
            : storedMethod === 'credit'
              ? 'Book with my credits'
              : 'Book with my gift code'
          : effectiveMethod === 'grabpay'
            ? `Continue to GrabPay to pay ${formatPrice(total)}`
            : `Pay ${formatPrice(total)}`;

  return (
    <div className="checkout">
      <form ref={formRef} className="checkout__main" onSubmit={submit} noValidate>
        <p className="eyebrow">Checkout</p>
        <h1>Confirm and pay</h1>
        <GuestNote />

        <section className="checkout__section" aria-labelledby="co-contact">
          <h2 id="co-contact">Your details</h2>
          <p className="checkout__hint">We send your confirmation and the operator’s joining instructions here.</p>
          <div className="checkout__row">
            <Field label="Full name" name="name" error={err('contact.name') ?? err('contact')}>
              {(p) => <input {...p} autoComplete="name" value={contact.name} onChange={(e) => setContact({ ...contact, name: e.target.value })} required />}
            </Field>
            <Field label="Email" name="email" error={err('contact.email')}>
              {(p) => <input {...p} type="email" autoComplete="email" value={contact.email} onChange={(e) => setContact({ ...contact, email: e.target.value })} required />}
            </Field>
          </div>
          <Field label="Mobile number" name="phone" optional hint="With the country code, e.g. +65 9123 4567. Your guide may text you on the day." error={err('contact.phone')}>
            {(p) => <input {...p} type="tel" autoComplete="tel" value={contact.phone} onChange={(e) => setContact({ ...contact, phone: e.target.value })} />}
          </Field>
        </section>

        <section className="checkout__section" aria-labelledby="co-guests">
          <h2 id="co-guests">Who’s going</h2>
          <p className="checkout__hint">The operator needs these details for each guest{item.requiredCustomerInfos.length > 1 ? ' (for park permits and insurance)' : ''}.</p>
          {err('customers') && (
            <p className="form-field__error" role="alert">
              {err('customers')}
            </p>
          )}
          {customers.map((c, i) => (
            <fieldset key={i} className="checkout__guest-card">
              <legend>Guest {i + 1}</legend>
              <div className="checkout__row">
                {item.requiredCustomerInfos.map((f) => (
                  <Field key={f} label={CUSTOMER_FIELD_LABELS[f]} name={`customers.${i}.${f}`} error={err(`customers.${i}.${f}`)}>
                    {(p) => <input {...p} {...INPUT_TYPES[f]} value={c[f] ?? ''} onChange={(e) => setCustomer(i, f, e.target.value)} required />}
                  </Field>
                ))}
              </div>
            </fieldset>
          ))}
        </section>

        {item.option.transportItems.length > 0 && (
          <section className="checkout__section" aria-labelledby="co-pickup">
            <h2 id="co-pickup">Pickup</h2>
            <Field label="Transport" name="pickup">
              {(p) => (
                <select {...p} value={item.selectedTransportItem?.id ?? ''} onChange={(e) => void changePickup(e.target.value)} disabled={pickupBusy || busy}>
                  <option value="">No pickup: I’ll meet the guide</option>
                  {item.option.transportItems.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                      {t.price.amount > 0 ? ` (+${formatPrice(t.price, { trim: true })}${t.per === 'person' ? ' per person' : ''})` : ' (free)'}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {item.selectedTransportItem && (
              <Field label="Pick me up from" name="pickupAddress" hint="Your hotel or address, as a driver would find it." error={err('pickupAddress')}>
                {(p) => <input {...p} autoComplete="street-address" value={pickupAddress} onChange={(e) => setPickupAddress(e.target.value)} required />}
              </Field>
            )}
          </section>
        )}

        <section className="checkout__section" aria-labelledby="co-requests">
          <h2 id="co-requests">Special requests</h2>
          <Field label="Anything the operator should know?" name="specialRequests" optional hint="Dietary needs, mobility, celebrations. Requests are passed on; they cannot be guaranteed." error={err('specialRequests')}>
            {(p) => <textarea {...p} rows={3} maxLength={1000} value={specialRequests} onChange={(e) => setSpecialRequests(e.target.value)} />}
          </Field>
        </section>

        <section className="checkout__section" aria-labelledby="co-pay">
          <h2 id="co-pay">Payment</h2>
          {(later?.available || invoice?.available) && (
            <fieldset className="choice-list">
              <legend className="visually-hidden">When to pay</legend>
              <Choice name="timing" value="checkout" checked={timing === 'checkout'} onChange={() => setTiming('checkout')} title="Pay now" text="Your booking is confirmed as soon as the payment goes through." />
              {later?.available && (
                <Choice name="timing" value="later" checked={timing === 'later'} onChange={() => setTiming('later')} title="Reserve now, pay later" text={`We hold your places until ${later.dueAt ? new Date(later.dueAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'the due date'}; pay by card before then.`} />
              )}
              {invoice?.available && (
                <Choice name="timing" value="invoice" checked={timing === 'invoice'} onChange={() => setTiming('invoice')} title="Pay by invoice" text={`For companies and groups: we send an invoice, payable by ${invoice.dueAt ? new Date(invoice.dueAt).toLocaleDateString('en-GB', { dateStyle: 'medium' }) : 'its due date'}.`} />
              )}
            </fieldset>
          )}
          {signedIn && timing === 'checkout' && !cart.corporate && <UseCredits cart={cart} disabled={busy} />}
          {settledByStoredValue && (
            <p className="checkout__settled" data-testid="settled-by-stored-value">
              {storedMethod === 'corporate'
                ? `Nothing to pay: ${cart.corporate?.companyName ?? 'your company'} pays for this booking. No card needed.`
                : `Nothing left to pay: your ${storedMethod === 'credit' ? 'credits cover' : 'gift code covers'} this booking.`}
            </p>
          )}
          {timing === 'checkout' && !settledByStoredValue && available && (
            <WalletButtons
              amount={total}
              disabled={busy}
              stripeKey={stripeKey}
              testGateway={available.provider === 'test'}
              beforeOpen={readyForWallet}
              onToken={payWithWallet}
              onCancel={(w) => setMessage(`You closed ${WALLET_NAMES[w]}: nothing was charged. Your details are still here.`)}
            />
          )}
          {timing === 'checkout' && !settledByStoredValue && (
            <fieldset className="choice-list choice-list--methods">
              <legend className="checkout__legend">Pay with</legend>
              <Choice name="method" value="card" checked={method === 'card'} onChange={() => setMethod('card')} title="Card" text="Visa, Mastercard, American Express" />
              <Choice name="method" value="paynow" checked={method === 'paynow'} disabled={!paynowOk?.available} onChange={() => setMethod('paynow')} title="PayNow" text={paynowOk?.available ? 'Scan a QR with your Singapore banking app' : (paynowOk?.reason ?? 'PayNow takes Singapore dollars')} />
              <Choice
                name="method"
                value="grabpay"
                checked={method === 'grabpay'}
                disabled={!grabOk?.available}
                onChange={() => setMethod('grabpay')}
                title="GrabPay"
                text={grabOk?.available ? 'Approve in your Grab app: we take you to GrabPay and back here' : (grabOk?.reason ?? GRABPAY_CURRENCY_RULE)}
              />
            </fieldset>
          )}
          {timing === 'checkout' && effectiveMethod === 'card' && (
            <>
              {saved.error && <p className="checkout__hint">{saved.error}</p>}
              <SavedCardChoices cards={saved.cards} chosen={saved.chosen} onChoose={saved.setChosen} disabled={busy} />
              {err('paymentCardId') && <p className="form-field__error">{err('paymentCardId')}</p>}
              {saved.chosen === NEW_CARD && (
                <>
                  {stripeKey ? (
                    <StripeCard ref={stripeCard} publishableKey={stripeKey} disabled={busy} />
                  ) : (
                    <CardFields values={card} errors={{ ...cardErrors, ...(err('cardToken') ? { number: err('cardToken') } : {}) }} onChange={setCard} disabled={busy} />
                  )}
                  {signedIn && <SaveCardBox checked={saveCard} onChange={setSaveCard} disabled={busy} />}
                  {available?.provider === 'test' && <TestCardsNote />}
                </>
              )}
            </>
          )}
          {err('paymentMethod') && <p className="form-field__error">{err('paymentMethod')}</p>}
          {err('paymentTiming') && <p className="form-field__error">{err('paymentTiming')}</p>}
        </section>

        {message && (
          <p className="checkout__message" role="alert" tabIndex={-1} ref={messageRef}>
            {message}
          </p>
        )}
        {flow.state.step === 'paynow' && flow.state.res.nextAction?.type === 'paynow_qr' ? (
          <PayNowPanel action={flow.state.res.nextAction} amount={total} canSimulate={!!available?.canSimulatePayments} onSimulate={() => void flow.simulate()} onCancel={() => void flow.cancelChallenge()} busy={flow.state.busy} />
        ) : (
          <div className="checkout__submit">
            <button type="submit" className="button button--accent checkout__pay" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Processing…' : payLabel}
            </button>
            <p className="checkout__legal">
              By booking you agree to Verdant’s{' '}
              <a className="text-link" href="/terms">
                terms
              </a>{' '}
              and the operator’s cancellation policy below. Your card details go to our payment provider, never to us.
            </p>
          </div>
        )}
      </form>
      {flow.state.step === 'otp' && (
        <OtpDialog
          amount={total}
          card={flow.state.res.nextAction?.type === 'otp_challenge' ? `${flow.state.res.nextAction.cardBrand ?? 'card'} •••• ${flow.state.res.nextAction.cardLast4 ?? ''}` : 'your card'}
          busy={flow.state.busy}
          error={flow.state.error}
          onSubmit={(code) => void flow.submitOtp(code)}
          onCancel={() => void flow.cancelChallenge()}
        />
      )}

      <aside className="checkout__aside">
        <OrderSummary
          item={item}
          lines={cart.exchanged.lines}
          subtotal={cart.exchangedSubtotalAmountWithConversionFee}
          discount={cart.promotionCode && cart.exchanged.promotionDiscount.amount > 0 ? { label: `Promotion ${cart.promotionCode.code}`, amount: cart.exchanged.promotionDiscount } : null}
          deductions={[
            { label: 'Welcome discount', amount: cart.exchanged.welcomeDiscount, testId: 'summary-welcome' },
            { label: 'Referral', amount: cart.exchanged.referralAmount, testId: 'summary-referral' },
            { label: `Gift code ${cart.giftCode ?? ''}`.trim(), amount: cart.exchanged.giftCodeAmount, testId: 'summary-gift-code' },
            { label: 'Verdant credits', amount: cart.exchanged.deductedCredit, testId: 'summary-credits' },
            { label: `Paid by ${cart.corporate?.companyName ?? 'your company'}`, amount: cart.exchanged.corporateAmount, testId: 'summary-corporate' },
          ]}
          crossedOut={cart.totalCrossOutPrice}
          total={total}
          exchange={cart.exchange}
          conversionFee={cart.exchanged.conversionFee}
        >
          <PromoCode cart={cart} disabled={busy} />
          {signedIn && <GiftCode cart={cart} disabled={busy} />}
          {signedIn && <CorporateCode cart={cart} disabled={busy} />}
          <p className="summary__edit">
            <a className="text-link" href={editHref(item)}>
              Change date or guests
            </a>
          </p>
        </OrderSummary>
      </aside>
    </div>
  );
}

function Choice({ name, value, checked, disabled, onChange, title, text }: { name: string; value: string; checked: boolean; disabled?: boolean; onChange: () => void; title: string; text: string }) {
  return (
    <label className="choice" data-disabled={disabled || undefined}>
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} />
      <span className="choice__body">
        <span className="choice__title">{title}</span>
        {text && <span className="choice__text">{text}</span>}
      </span>
    </label>
  );
}
