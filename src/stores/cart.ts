// The visitor's bag (spec §3 Cart, §4 Cart). It holds at most one order item, so the header
// badge shows 1 or nothing. The cart id lives in localStorage under `cartId` and is removed when
// the cart is set empty. The full cart is read through @nanostores/query (GET /cart with
// view=with_order_item and the chosen currency), refreshed on window focus with a 1 s dedupe;
// every change goes through the actions below, which write the answer back into the store.
import { atom, computed } from 'nanostores';
import type { Cart, CartItemBody } from '../contract/booking.ts';
import { ApiError } from '../api-client/client.ts';
import { clearCartRequest, getCart, patchCartCurrency, patchCartUseCredit, putCartItem, redeemCorporateCode, redeemGiftCode, redeemPromotionCode, removeCorporateCode, removeGiftCode, removePromotionCode } from '../api-client/booking.ts';
import { $displayCurrency } from './currency.ts';
import { CART_DEDUPE_MS, createFetcherStore } from './query.ts';

export const CART_ID_KEY = 'cartId';
/** Set on <html> while the bag holds an item, so the badge shows before the header hydrates. */
export const CART_COUNT_ATTR = 'data-cart-count';
export const CART_COUNT_KEY = 'cartCount';

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

function markCount(count: number, storage: KeyValueStorage | undefined) {
  try {
    if (count > 0) storage?.setItem(CART_COUNT_KEY, String(count));
    else storage?.removeItem(CART_COUNT_KEY);
  } catch {
    // storage full or disabled
  }
  if (typeof document !== 'undefined') {
    if (count > 0) document.documentElement.setAttribute(CART_COUNT_ATTR, String(count));
    else document.documentElement.removeAttribute(CART_COUNT_ATTR);
  }
}

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
  markCount(id ? 1 : 0, storage);
}

export function clearCart(storage?: KeyValueStorage): void {
  setCart(null, storage ?? browserStorage());
}

// ── Reading the bag ─────────────────────────────────────────────────────────────────
const NO_CURRENCY = '-';
const $currencyKey = computed($displayCurrency, (c) => c ?? NO_CURRENCY);

/** GET /cart?cart_id&view=with_order_item&currency: idle while there is no cart id. */
export const $cartQuery = createFetcherStore<Cart>(['cart:', $cartId, ':', $currencyKey], {
  dedupeTime: CART_DEDUPE_MS,
  revalidateOnFocus: true,
  fetcher: async (_p: unknown, id: unknown, _s: unknown, currency: unknown) => {
    try {
      const { data } = await getCart(String(id), currency === NO_CURRENCY ? undefined : String(currency));
      setCart(data);
      return data;
    } catch (err) {
      // A bag that no longer exists (or an id from elsewhere) is forgotten, not retried.
      if (err instanceof ApiError && err.status === 404) clearCart();
      throw err;
    }
  },
});

function remember(cart: Cart): Cart {
  setCart(cart);
  $cartQuery.mutate(cart);
  return cart;
}

const currencyParam = () => $displayCurrency.get();

// ── Changing the bag ────────────────────────────────────────────────────────────────
/** POST /cart: the bag's one item (replacing any other); creates the bag when needed. */
export async function addToCart(orderItem: CartItemBody): Promise<Cart> {
  const { data } = await putCartItem({ cartId: $cartId.get() ?? undefined, currency: currencyParam(), orderItem });
  return remember(data);
}

/** Removes the item (POST /cart/clear); spec §8: 'Couldn't clear cart #…' when it fails. */
export async function removeFromCart(): Promise<void> {
  const id = $cartId.get();
  if (!id) return;
  try {
    const { data } = await clearCartRequest(id);
    remember(data);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      clearCart();
      return;
    }
    throw new Error(`Couldn't clear cart #${id}`, { cause: err });
  }
}

export async function setCartCurrency(code: string): Promise<Cart | null> {
  const id = $cartId.get();
  if (!id) return null;
  const { data } = await patchCartCurrency(id, code);
  return remember(data);
}

export async function applyPromotionCode(code: string): Promise<Cart> {
  const id = $cartId.get();
  if (!id) throw new ApiError(422, 'Your bag is empty');
  const { data } = await redeemPromotionCode(id, code);
  return remember(data);
}

export async function dropPromotionCode(redemptionId: string): Promise<Cart> {
  const { data } = await removePromotionCode(redemptionId);
  return remember(data);
}

export async function applyCorporateCode(code: string): Promise<Cart> {
  const id = $cartId.get();
  if (!id) throw new ApiError(422, 'Your bag is empty');
  const { data } = await redeemCorporateCode(id, code);
  return remember(data);
}

export async function dropCorporateCode(redemptionId: string): Promise<Cart> {
  const { data } = await removeCorporateCode(redemptionId);
  return remember(data);
}

/** Pay with credits (or stop): the server reprices the bag with the user's balance. */
export async function setUseCredit(useCredit: boolean): Promise<Cart> {
  const id = $cartId.get();
  if (!id) throw new ApiError(422, 'Your bag is empty');
  const { data } = await patchCartUseCredit(id, useCredit);
  return remember(data);
}

export async function applyGiftCode(code: string): Promise<Cart> {
  const id = $cartId.get();
  if (!id) throw new ApiError(422, 'Your bag is empty');
  const { data } = await redeemGiftCode(id, code);
  return remember(data);
}

export async function dropGiftCode(): Promise<Cart> {
  const id = $cartId.get();
  if (!id) throw new ApiError(422, 'Your bag is empty');
  const { data } = await removeGiftCode(id);
  return remember(data);
}

/** At log-in the server names the user's bag (the guest's, now theirs, or one from another device). */
export function adoptCart(cartId: string | null | undefined, storage: KeyValueStorage | undefined = browserStorage()): void {
  if (!cartId || $cartId.get() === cartId) return;
  if ($cartId.get()) return; // the bag on this device was attached to the user at log-in
  $cartId.set(cartId);
  try {
    storage?.setItem(CART_ID_KEY, cartId);
  } catch {
    // storage full or disabled: the store still holds the id for this page
  }
}

/** After a booking is paid the server empties the bag: forget it here too. */
export function forgetPaidCart(): void {
  clearCart();
}
