// Checkout's money-off parts: a promotion code, the member's credits and gift codes (applied to
// the cart through its store, so the order summary follows), and the code entry they share.
import { useEffect, useId, useRef, useState } from 'react';
import type { Cart } from '../../contract/booking.ts';
import { errorMessage } from '../../api-client/client.ts';
import { applyCorporateCode, applyGiftCode, applyPromotionCode, dropCorporateCode, dropGiftCode, dropPromotionCode, setUseCredit } from '../../stores/cart.ts';
import { formatPrice } from '../booking/money.ts';
import { $available } from './available.ts';

export function PromoCode({ cart, disabled }: { cart: Cart; disabled: boolean }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const applied = cart.promotionCode;
  const apply = async (typed: string) => {
    if (!typed.trim()) {
      setError('Please enter a promotion code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await applyPromotionCode(typed.trim());
      setCode('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!applied) return;
    setBusy(true);
    setError(null);
    try {
      await dropPromotionCode(applied.redemptionId);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  if (applied) {
    return (
      <div className="promo promo--applied">
        <p>
          <span className="promo__code">{applied.code}</span> {applied.problem ? <span className="promo__problem">{applied.problem}</span> : <span>{applied.title}</span>}
        </p>
        <button type="button" className="hcart__link" onClick={() => void remove()} disabled={busy || disabled}>
          Remove
        </button>
        {error && <p className="form-field__error">{error}</p>}
      </div>
    );
  }
  return <CodeField id={id} label="Promotion code" code={code} setCode={setCode} apply={apply} busy={busy} disabled={disabled} error={error} />;
}

/** "Use my Verdant credits": the server reprices the bag with the balance (all of it, or leaving S$10). */
export function UseCredits({ cart, disabled }: { cart: Cart; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Shown at once; the bag's answer confirms it (or the box goes back on an error).
  const [checked, setChecked] = useState(cart.useCredit);
  useEffect(() => setChecked(cart.useCredit), [cart.useCredit]);
  const toggle = async (on: boolean) => {
    setChecked(on);
    setBusy(true);
    setError(null);
    try {
      await setUseCredit(on);
      void $available.revalidate();
    } catch (err) {
      setChecked(!on);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const used = cart.exchanged.deductedCredit;
  return (
    <div className="credits">
      <label className="credits__toggle">
        <input type="checkbox" checked={checked} disabled={busy || disabled} onChange={(e) => void toggle(e.target.checked)} />
        <span>Use my Verdant credits</span>
      </label>
      {cart.useCredit && checked && (
        <p className="checkout__hint" data-testid="credits-note">
          {used.amount > 0
            ? cart.fullPaymentByCredit
              ? `Your credits pay the whole ${formatPrice(used)}.`
              : `${formatPrice(used)} comes off with your credits; at least ${formatPrice(cart.minimumAmount)} is paid another way.`
            : `You have no credits to use on this booking yet.`}
        </p>
      )}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function GiftCode({ cart, disabled }: { cart: Cart; disabled: boolean }) {
  const { code, setCode, busy, error, setError, id, run } = useCodeAction();
  if (cart.giftCode) {
    return (
      <div className="promo promo--applied" data-testid="gift-code-applied">
        <p>
          <span className="promo__code">{cart.giftCode}</span> <span>Gift code: −{formatPrice(cart.exchanged.giftCodeAmount)}</span>
        </p>
        <button type="button" className="hcart__link" onClick={() => void run(dropGiftCode)} disabled={busy || disabled}>
          Remove gift code
        </button>
        {error && <p className="form-field__error">{error}</p>}
      </div>
    );
  }
  const apply = (typed: string) => (typed.trim() ? run(() => applyGiftCode(typed.trim())) : setError('Please enter a gift code'));
  return <CodeField id={id} label="Gift code" code={code} setCode={setCode} apply={apply} busy={busy} disabled={disabled} error={error} />;
}

/** A company code (ADR 0040): an employee's company pays the whole booking. Members only. */
export function CorporateCode({ cart, disabled }: { cart: Cart; disabled: boolean }) {
  const { code, setCode, busy, error, setError, id, run } = useCodeAction();
  const applied = cart.corporate;
  if (applied) {
    return (
      <div className="promo promo--applied" data-testid="corporate-applied">
        <p>
          <span className="promo__code">{applied.code}</span> {applied.problem ? <span className="promo__problem">{applied.problem}</span> : <span>Paid by {applied.companyName}</span>}
        </p>
        <button type="button" className="hcart__link" onClick={() => void run(() => dropCorporateCode(applied.redemptionId))} disabled={busy || disabled}>
          Remove company code
        </button>
        {error && <p className="form-field__error">{error}</p>}
      </div>
    );
  }
  const apply = (typed: string) => (typed.trim() ? run(() => applyCorporateCode(typed.trim())) : setError('Please enter your company code'));
  return <CodeField id={id} label="Company code" code={code} setCode={setCode} apply={apply} busy={busy} disabled={disabled} error={error} />;
}

/**
 * A code entry (promotion or gift code): upper-cased as typed, applied by Enter or the button.
 * What the field shows is what is applied, and kept (docs/decisions/0017): a value that
 * arrived without an event React heard is read from the field and copied into state.
 */
/**
 * A code entry's state and the way it applies or removes its code: busy while the bag changes,
 * the server's message on failure, the field emptied and what may pay re-checked on success.
 */
function useCodeAction() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setCode('');
      void $available.revalidate();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { code, setCode, busy, error, setError, id, run };
}

function CodeField(props: {
  id: string;
  label: string;
  code: string;
  setCode: (code: string) => void;
  apply: (code: string) => unknown;
  busy: boolean;
  disabled: boolean;
  error: string | null;
}) {
  const { id, label, code, setCode, busy, disabled, error } = props;
  const field = useRef<HTMLInputElement>(null);
  const apply = () => {
    const shown = (field.current?.value ?? code).toUpperCase();
    if (shown !== code) setCode(shown);
    void props.apply(shown);
  };
  return (
    <div className="promo">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <div className="promo__row">
        <input
          ref={field}
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          disabled={busy || disabled}
        />
        <button type="button" className="button button--ghost promo__apply" onClick={apply} disabled={busy || disabled} aria-busy={busy || undefined}>
          Apply
        </button>
      </div>
      {error && (
        <p id={`${id}-e`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
