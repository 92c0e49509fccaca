// Saved cards at checkout, for members: the cards they kept (expired ones are not offered; the
// default is chosen first) or "Use a new card", and for a new card the opt-in "Save this card
// for next time". Paying with a saved card sends its id, never a number (ADR 38).
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import { getPaymentCards } from '../../api-client/payment-cards.ts';
import type { PaymentCard } from '../../contract/payment-cards.ts';
import { cardBrandName, cardExpiryText } from '../../lib/payment-method.ts';

export const NEW_CARD = 'new';

/** The member's cards that can pay (not expired), default first; `chosen` starts on the default. */
export function useSavedCards(signedIn: boolean) {
  const [cards, setCards] = useState<PaymentCard[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string>(NEW_CARD);
  useEffect(() => {
    if (!signedIn) {
      setCards([]);
      setChosen(NEW_CARD);
      return undefined;
    }
    let live = true;
    getPaymentCards().then(
      ({ data }) => {
        if (!live) return;
        const usable = data.paymentCards.filter((c) => !c.expired);
        setCards(usable);
        setChosen((usable.find((c) => c.isDefault) ?? usable[0])?.id ?? NEW_CARD);
      },
      (err: unknown) => live && setError(`We couldn’t load your saved cards (${errorMessage(err)}). You can enter a card below.`),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);
  const savedCard = cards.find((c) => c.id === chosen) ?? null;
  return { cards, error, chosen, setChosen, savedCard };
}

export function SavedCardChoices({ cards, chosen, onChoose, disabled }: { cards: PaymentCard[]; chosen: string; onChoose: (id: string) => void; disabled: boolean }) {
  if (cards.length === 0) return null;
  return (
    <fieldset className="choice-list saved-cards">
      <legend className="checkout__legend">Your saved cards</legend>
      {cards.map((c) => (
        <label key={c.id} className="choice saved-cards__card">
          <input type="radio" name="saved-card" value={c.id} checked={chosen === c.id} disabled={disabled} onChange={() => onChoose(c.id)} />
          <span className="choice__body">
            <span className="choice__title">
              {cardBrandName(c.brand)} •••• {c.last4}
              {c.isDefault && <span className="saved-cards__default">Default</span>}
            </span>
            <span className="choice__text">Expires {cardExpiryText(c)}</span>
          </span>
        </label>
      ))}
      <label className="choice">
        <input type="radio" name="saved-card" value={NEW_CARD} checked={chosen === NEW_CARD} disabled={disabled} onChange={() => onChoose(NEW_CARD)} />
        <span className="choice__body">
          <span className="choice__title">Use a new card</span>
        </span>
      </label>
    </fieldset>
  );
}

export function SaveCardBox({ checked, onChange, disabled }: { checked: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  return (
    <label className="credits__toggle save-card">
      <input type="checkbox" name="save-card" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>Save this card for next time</span>
    </label>
  );
}
