import { beforeEach, describe, expect, it } from 'vitest';
import { $cart, $cartCount, $cartId, CART_ID_KEY, clearCart, readCartId, setCart } from './cart.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('cart store', () => {
  beforeEach(() => clearCart(memoryStorage()));

  it('has no cart and no badge by default', () => {
    expect($cart.get()).toBeNull();
    expect($cartCount.get()).toBe(0);
  });

  it('shows 1 when the cart holds an item and remembers its id', () => {
    const storage = memoryStorage();
    setCart({ id: 'c1', orderItemId: 7 }, storage);
    expect($cartCount.get()).toBe(1);
    expect($cartId.get()).toBe('c1');
    expect(storage.data.get(CART_ID_KEY)).toBe('c1');
  });

  it('forgets the id when the cart is set empty', () => {
    const storage = memoryStorage({ [CART_ID_KEY]: 'c1' });
    setCart({ id: 'c1', orderItemId: null }, storage);
    expect($cartCount.get()).toBe(0);
    expect($cartId.get()).toBeNull();
    expect(storage.data.has(CART_ID_KEY)).toBe(false);
  });

  it('reads the id from storage, ignoring an empty value', () => {
    expect(readCartId(memoryStorage({ [CART_ID_KEY]: 'abc' }))).toBe('abc');
    expect(readCartId(memoryStorage({ [CART_ID_KEY]: '' }))).toBeNull();
    expect(readCartId(undefined)).toBeNull();
  });
});
