// The visitor's cart (spec §3 Cart, §4 Cart). It holds at most one order item, so the header
// badge shows 1 or nothing. The cart id lives in localStorage under `cartId` and is removed
// when the cart is set empty. Loading the cart from the API comes with the cart issue; until
// then `$cart` stays null and the badge stays hidden.
import { atom, computed } from 'nanostores';

export const CART_ID_KEY = 'cartId';

/** The part of the cart the header reads. */
export type CartSummary = { id: string; orderItemId: string | number | null };

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser's privacy settings
  }
}

export function readCartId(storage: KeyValueStorage | undefined = browserStorage()): string | null {
  try {
    return storage?.getItem(CART_ID_KEY) || null;
  } catch {
    return null;
  }
}

export const $cartId = atom<string | null>(readCartId());
export const $cart = atom<CartSummary | null>(null);

/** Spec: "holds at most one order item (the icon badge shows 1)". */
export const $cartCount = computed($cart, (cart) => (cart?.orderItemId != null ? 1 : 0));

export function setCart(cart: CartSummary | null, storage: KeyValueStorage | undefined = browserStorage()): void {
  $cart.set(cart);
  const id = cart?.orderItemId != null ? cart.id : null;
  $cartId.set(id);
  try {
    if (id) storage?.setItem(CART_ID_KEY, id);
    else storage?.removeItem(CART_ID_KEY);
  } catch {
    // Storage may be full or disabled; the store still holds the cart for this page.
  }
}

export function clearCart(storage?: KeyValueStorage): void {
  setCart(null, storage ?? browserStorage());
}
