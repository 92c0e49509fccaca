// The bag icon (spec §2 Cart pop-up): a badge with 1 when the cart holds its one item, and a
// small pop-up. Loading the cart and its item card come with the cart issue; until then the
// store has no cart, so there is no badge and the bag says it is empty. Hydrates with any
// other header island (client:interaction="shared") to pick up cart changes.
import { useStore } from '@nanostores/react';
import { useSyncExternalStore } from 'react';
import { isCheckoutPath } from '../../lib/header-paths.ts';
import { $cartCount } from '../../stores/cart.ts';
import { BagIcon } from './icons.tsx';
import { useHeaderMenu } from './use-header-menu.ts';

const noSubscription = () => () => {};

export default function CartButton() {
  const count = useStore($cartCount);
  // Spec: "The cart icon does nothing on /checkout" (a shell page: only the browser knows).
  const onCheckout = useSyncExternalStore(
    noSubscription,
    () => isCheckoutPath(window.location.pathname),
    () => false,
  );
  const { rootProps, triggerProps, panelProps } = useHeaderMenu<HTMLDivElement>('cart', { hover: false });

  return (
    <div className="hcart" {...rootProps}>
      <button
        className="hcart__trigger"
        {...triggerProps}
        aria-disabled={onCheckout || undefined}
        onClick={onCheckout ? undefined : triggerProps.onClick}
      >
        <BagIcon />
        <span className="visually-hidden">Your bag{count > 0 ? `, ${count} item` : ''}</span>
        {count > 0 && (
          <span className="hcart__badge" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      <div className="hcart__panel" {...panelProps}>
        <p className="hcart__title">Your bag</p>
        {count > 0 ? (
          <>
            <p className="hcart__text">One experience is waiting in your bag.</p>
            <a className="button hcart__checkout" href="/checkout">
              Checkout
            </a>
          </>
        ) : (
          <p className="hcart__text">Bag whispers: "Fill me!"</p>
        )}
      </div>
    </div>
  );
}
