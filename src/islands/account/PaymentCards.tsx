// /account/payment-cards: the cards saved at checkout (brand, last four, expiry; never the
// number), the default one, and removing one (it is detached at the payment provider).
import { useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import { deletePaymentCard, getPaymentCards, setDefaultPaymentCard } from '../../api-client/payment-cards.ts';
import type { PaymentCard } from '../../contract/payment-cards.ts';
import { cardBrandName, cardExpiryText } from '../../lib/payment-method.ts';
import { Empty, Loading, Problem, SectionHead } from './parts.tsx';
import { useApi } from './use-api.ts';

/** What fits on the little card face. */
const BADGE: Record<string, string> = { visa: 'Visa', mastercard: 'MC', amex: 'Amex', jcb: 'JCB', unionpay: 'UPI', discover: 'Disc', diners: 'Diners' };

export default function PaymentCards() {
  const { state, reload, set } = useApi(getPaymentCards, 'payment-cards');
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (state.status === 'loading') return <Loading label="Loading your saved cards…" />;
  if (state.status === 'error') return <Problem text={state.error} onRetry={reload} />;
  const cards = state.data.paymentCards;

  const act = async (id: string, run: () => Promise<{ data: { paymentCards: PaymentCard[] } }>, done: string) => {
    setBusy(id);
    setProblem(null);
    setNotice(null);
    try {
      const { data } = await run();
      set({ paymentCards: data.paymentCards });
      setConfirming(null);
      setNotice(done);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="acct-section">
      <SectionHead title="Payment cards" lede="Cards you saved at checkout. Pay with one next time without typing it; we never keep the card number, only what you see here." />
      {problem && (
        <p className="auth-error" role="alert">
          {problem}
        </p>
      )}
      {notice && (
        <p className="acct-ok" role="status">
          {notice}
        </p>
      )}
      {cards.length === 0 ? (
        <Empty title="No saved cards">
          <p>Tick “Save this card for next time” when you pay at checkout, and it will be here.</p>
        </Empty>
      ) : (
        <ul className="acct-cards" role="list">
          {cards.map((c) => {
            const name = `${cardBrandName(c.brand)} ending in ${c.last4}`;
            return (
              <li key={c.id} className="acct-card" data-expired={c.expired || undefined} data-testid="payment-card">
                <span className={`acct-card__brand acct-card__brand--${c.brand}`} aria-hidden="true">
                  {BADGE[c.brand] ?? 'Card'}
                </span>
                <div className="acct-card__text">
                  <span className="acct-card__name">
                    {cardBrandName(c.brand)} •••• {c.last4}
                  </span>
                  <span className={c.expired ? 'acct-card__exp acct-card__exp--expired' : 'acct-card__exp acct-muted'}>{c.expired ? `Expired ${cardExpiryText(c)}` : `Expires ${cardExpiryText(c)}`}</span>
                </div>
                <div className="acct-card__actions">
                  {c.isDefault ? (
                    <span className="acct-card__default">Default</span>
                  ) : (
                    !c.expired && (
                      <button type="button" className="auth-link" disabled={busy !== null} aria-label={`Make ${name} your default card`} onClick={() => void act(c.id, () => setDefaultPaymentCard(c.id), `${name} is now your default card.`)}>
                        Make default
                      </button>
                    )
                  )}
                  {confirming === c.id ? (
                    <span className="acct-confirm" role="group" aria-label={`Confirm removing ${name}`}>
                      Remove this card?
                      <button type="button" className="auth-link acct-danger" disabled={busy !== null} onClick={() => void act(c.id, () => deletePaymentCard(c.id), `${name} was removed.`)}>
                        {busy === c.id ? 'Removing…' : 'Yes, remove'}
                      </button>
                      <button type="button" className="auth-link" onClick={() => setConfirming(null)}>
                        Keep it
                      </button>
                    </span>
                  ) : (
                    <button type="button" className="auth-link acct-danger" disabled={busy !== null} aria-label={`Remove ${name}`} onClick={() => setConfirming(c.id)}>
                      Remove
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
