// Header currency picker. Server-rendered at build (it looks complete without JavaScript) and
// hydrated on first interaction (client:interaction). The list is a native <details>, so the
// first click opens it even while the island's code is still loading; choosing a currency
// stores it in the site-wide cookie and converts every marked price on the page at once.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { $currency, setCurrency } from '../../stores/currency.ts';
import { $openMenu, closeMenu } from '../header/menu-store.ts';
import { applyCurrency, readCurrencyData } from './apply-prices.ts';
import { pickerCurrencies } from './currency-list.ts';

/** The list itself is not a prop: it comes from the page's currency data (currency-list.ts). */
type Props = { defaultCurrency: string };

const NAV_KEYS = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];

export default function CurrencyPicker({ defaultCurrency }: Props) {
  const [currencies] = useState(pickerCurrencies);
  const chosen = useStore($currency);
  const current = chosen !== undefined && currencies.some((c) => c.code === chosen) ? chosen : defaultCurrency;
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  // The list may have been opened natively before hydration finished.
  useEffect(() => setOpen(detailsRef.current?.open ?? false), []);

  // One header pop-up at a time: a header menu opening closes the list, and the other way round.
  useEffect(
    () =>
      $openMenu.listen((menu) => {
        if (menu && detailsRef.current) detailsRef.current.open = false;
      }),
    [],
  );
  useEffect(() => {
    if (open) closeMenu();
  }, [open]);

  // Another tab may choose too (the store polls the cookie): keep this page's prices in step.
  useEffect(() => {
    const data = readCurrencyData();
    if (data) applyCurrency(current, data);
  }, [current]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (detailsRef.current && !detailsRef.current.contains(event.target as Node)) detailsRef.current.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    const details = detailsRef.current;
    if (!details) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  const choose = (code: string) => {
    setCurrency(code);
    const data = readCurrencyData();
    if (data) applyCurrency(code, data);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (!detailsRef.current?.open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (!NAV_KEYS.includes(event.key)) return;
    const items = [...detailsRef.current.querySelectorAll<HTMLButtonElement>('[data-currency-choice]')];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : index < 0 ? 0 : (index + step + items.length) % items.length;
    items[next]?.focus();
    event.preventDefault();
  };

  return (
    <details className="currency-picker" ref={detailsRef} onToggle={(e) => setOpen(e.currentTarget.open)} onKeyDown={onKeyDown}>
      <summary className="currency-picker__trigger">
        <span className="visually-hidden">Currency: </span>
        <span data-currency-code="">{current}</span>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="currency-picker__panel">
        <p className="currency-picker__title">Choose a currency</p>
        <ul role="list" className="currency-picker__list">
          {currencies.map((c) => (
            <li key={c.code}>
              <button type="button" data-currency-choice={c.code} aria-current={c.code === current ? 'true' : undefined} onClick={() => choose(c.code)}>
                <span className="currency-picker__code">{c.code}</span>
                <span className="currency-picker__name">{c.fullName}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className="currency-picker__note">Prices in other currencies are indicative; you see the exact amount at checkout.</p>
      </div>
    </details>
  );
}
