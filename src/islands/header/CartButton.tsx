// The bag (spec §2 Cart pop-up): 'Your bag' with its one item (image, name cut to 42
// characters, dates, people, edit and remove), the subtotal struck through when a promotion
// code applies, the total in the chosen currency, and Checkout. Empty: 'Bag whispers: "Fill me!"'.
// The icon does nothing on /checkout; the pop-up closes on route change. Hydrates with any other
// header island ("shared") and then reads the bag (refreshed on window focus, 1 s dedupe).
import { useStore } from '@nanostores/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Cart } from '../../contract/booking.ts';
import { CART_NAME_LENGTH, guestsText, truncate, whenText } from '../../lib/booking-format.ts';
import { isCheckoutPath } from '../../lib/header-paths.ts';
import { $cartCount, $cartQuery, removeFromCart } from '../../stores/cart.ts';
import { editHref } from '../booking/edit-link.ts';
import { formatPrice } from '../booking/money.ts';
import { BagIcon } from './icons.tsx';
import { closeMenu } from './menu-store.ts';
import { useHeaderMenu } from './use-header-menu.ts';

const noSubscription = () => () => {};

function BagItem({ cart }: { cart: Cart }) {
  const item = cart.orderItem;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!item) return null;
  const image = item.option.images[0];
  const promo = cart.totalCrossOutPrice !== null;
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await removeFromCart();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Couldn’t remove the item');
      setBusy(false);
    }
  };
  return (
    <>
      <article className="hcart__item">
        <div className="hcart__media">{image && <img src={image.webpSmUrl} alt="" width={72} height={72} decoding="async" />}</div>
        <div className="hcart__info">
          <p className="hcart__name" title={item.option.name}>
            {truncate(item.option.name, CART_NAME_LENGTH)}
          </p>
          <p className="hcart__meta">{whenText(item)}</p>
          <p className="hcart__meta">{guestsText(item, { priceUnit: item.option.priceUnit })}</p>
          <p className="hcart__links">
            <a href={editHref(item)} className="hcart__link">
              Edit
            </a>
            <button type="button" className="hcart__link" onClick={remove} disabled={busy || cart.paymentInProgress} aria-busy={busy || undefined}>
              {busy ? 'Removing…' : 'Remove'}
            </button>
          </p>
        </div>
      </article>
      {error && (
        <p className="hcart__error" role="alert">
          {error}
        </p>
      )}
      <dl className="hcart__totals">
        {promo && (
          <div>
            <dt>Subtotal</dt>
            <dd>
              <s aria-label={`Was ${formatPrice(cart.totalCrossOutPrice!)}`}>{formatPrice(cart.totalCrossOutPrice!)}</s>
            </dd>
          </div>
        )}
        {promo && cart.promotionCode && (
          <div className="hcart__promo">
            <dt>{cart.promotionCode.code}</dt>
            <dd>−{formatPrice(cart.exchangedPromoCodeDiscountAmount)}</dd>
          </div>
        )}
        <div className="hcart__total">
          <dt>Total</dt>
          <dd data-testid="bag-total">{formatPrice(cart.exchangedTotalAmountWithConversionFee)}</dd>
        </div>
      </dl>
      {cart.exchange.feeApplied && <p className="hcart__note">Converted from {cart.exchange.from}; includes the 2% conversion fee.</p>}
    </>
  );
}

export default function CartButton() {
  const count = useStore($cartCount);
  const query = useStore($cartQuery);
  // Spec: "The cart icon does nothing on /checkout" (a shell page: only the browser knows).
  const onCheckout = useSyncExternalStore(noSubscription, () => isCheckoutPath(window.location.pathname), () => false);
  const { open, rootProps, triggerProps, panelProps } = useHeaderMenu<HTMLDivElement>('cart', { hover: false });

  // Spec §4: the drawer closes on route change (history navigation, or a client-side swap).
  useEffect(() => {
    const close = () => closeMenu('cart');
    window.addEventListener('popstate', close);
    document.addEventListener('astro:after-swap', close);
    return () => {
      window.removeEventListener('popstate', close);
      document.removeEventListener('astro:after-swap', close);
    };
  }, []);

  const cart = query.data;
  const hasItem = count > 0 && cart?.orderItem;
  return (
    <div className="hcart" {...rootProps}>
      <button className="hcart__trigger" {...triggerProps} aria-disabled={onCheckout || undefined} onClick={onCheckout ? undefined : triggerProps.onClick}>
        <BagIcon />
        <span className="visually-hidden">Your bag{count > 0 ? ', 1 item' : ''}</span>
        <span className="hcart__badge" aria-hidden="true" data-show={count > 0 || undefined}>
          1
        </span>
      </button>
      <div className="hcart__panel" {...panelProps} role="dialog" aria-label="Your bag">
        <p className="hcart__title">Your bag</p>
        {/* Shown when the tap that wakes the island opens the panel before React is there
            (docs/decisions/0027): the same on the server and at hydration, so it matches; the
            boot script's data-cart-count picks the placeholder or the empty bag's line. */}
        {!open && (
          <div className="hcart__early">
            <div className="hcart__loading hcart__early-busy" aria-busy="true">
              <span className="visually-hidden">Loading your bag…</span>
              <span className="skeleton hcart__sk-media" />
              <span className="skeleton hcart__sk-line" />
            </div>
            <p className="hcart__text hcart__early-empty">Bag whispers: "Fill me!"</p>
          </div>
        )}
        {open && count > 0 && !cart && query.loading && (
          <div className="hcart__loading" aria-busy="true">
            <span className="visually-hidden">Loading your bag…</span>
            <span className="skeleton hcart__sk-media" />
            <span className="skeleton hcart__sk-line" />
          </div>
        )}
        {open && hasItem && cart && <BagItem cart={cart} />}
        {open && !hasItem && !(count > 0 && query.loading) && <p className="hcart__text">Bag whispers: "Fill me!"</p>}
        {open && query.error && !cart && count > 0 && (
          <p className="hcart__error" role="alert">
            {query.error instanceof Error ? query.error.message : 'Your bag could not be loaded'}
          </p>
        )}
        {open && hasItem && (
          <a className="button hcart__checkout" href="/checkout">
            Checkout
          </a>
        )}
      </div>
    </div>
  );
}
