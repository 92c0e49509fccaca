// A collection's gift options (spec §7 GET /collections/{id}/gift-options): the button renders
// on the server; the island hydrates on first interaction (ADR 0005) and the click that woke it
// opens the list: each experience that can be given, priced for its smallest party, leads to
// /gifts/send?experience=… (the gift experience purchase) or to its page in gift mode.
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { Money } from '../../contract/common.ts';
import type { GiftOption } from '../../contract/collections.ts';
import { errorMessage } from '../../api-client/client.ts';
import { getCollectionGiftOptions } from '../../api-client/gifts.ts';
import { formatCredit } from '../../lib/account-format.ts';
import { convertMoney, formatMoney } from '../../lib/format-money.ts';
import { $displayCurrency } from '../../stores/currency.ts';
import { readCurrencyData } from '../currency-picker/apply-prices.ts';
import './gifts.css';

type State = { name: 'closed' } | { name: 'loading' } | { name: 'error'; message: string } | { name: 'open'; options: GiftOption[] };

const guests = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

/**
 * A price in the visitor's display currency, converted with the rates of the last build like
 * every indicative price of the storefront (ADR 10); the gift is charged at checkout's rate.
 */
function indicative(price: Money, display: string | undefined): { text: string; title?: string } {
  const data = typeof document === 'undefined' ? undefined : readCurrencyData();
  const own = data?.currencies.find((c) => c.code === price.currency);
  const target = data?.currencies.find((c) => c.code === display);
  if (!data || !own || !target || target.code === price.currency)
    return {
      text: own ? formatMoney(price, own, { trimWholeDecimals: true }) : formatCredit(price),
    };
  try {
    return {
      text: formatMoney(convertMoney(price, target, data.rates), target, {
        trimWholeDecimals: true,
      }),
      title: `Approximately; converted from ${formatMoney(price, own, { trimWholeDecimals: true })}`,
    };
  } catch {
    return { text: formatMoney(price, own, { trimWholeDecimals: true }) };
  }
}

export default function CollectionGiftOptions({ collectionId, collectionName }: { collectionId: number; collectionName: string }) {
  const [state, setState] = useState<State>({ name: 'closed' });
  const display = useStore($displayCurrency);
  const panel = useId();
  const expanded = state.name !== 'closed';

  const load = () => {
    setState({ name: 'loading' });
    getCollectionGiftOptions(collectionId)
      .then(({ data }) => setState({ name: 'open', options: data.giftOptions }))
      .catch((err: unknown) => setState({ name: 'error', message: errorMessage(err) }));
  };

  return (
    <div className="gift-options">
      <button type="button" className="button button--accent gift-options__toggle" aria-expanded={expanded} aria-controls={panel} onClick={() => (expanded ? setState({ name: 'closed' }) : load())}>
        {expanded ? 'Hide the gift options' : 'Give one as a gift'}
      </button>
      <div id={panel} className="gift-options__panel" hidden={!expanded} aria-busy={state.name === 'loading' || undefined}>
        {state.name === 'loading' && <p className="gift-options__note">Finding the experiences you can give…</p>}
        {state.name === 'error' && (
          <p className="gift-options__note" role="alert">
            {state.message}{' '}
            <button type="button" className="link-button" onClick={load}>
              Try again
            </button>
          </p>
        )}
        {state.name === 'open' && state.options.length === 0 && (
          <p className="gift-options__note">
            None of the experiences in {collectionName} can be given as a gift yet. A gift card lets them choose: <a href="/gifts/send">send a gift card</a>.
          </p>
        )}
        {state.name === 'open' && state.options.length > 0 && (
          <>
            <p className="gift-options__note">Give one of these as a gift experience: they choose the date when they redeem it. Gifts are non-refundable.</p>
            <ul role="list" className="gift-options__list" aria-label={`Gift experiences in ${collectionName}`}>
              {state.options.map((g) => {
                const price = indicative(g.price, display);
                return (
                  <li key={g.option.id} className="gift-option" data-gift-option={g.option.slugCode}>
                    {g.option.image ? (
                      <img className="gift-option__img" src={`/_image?url=${encodeURIComponent(g.option.image.url)}&w=640`} alt="" width={640} height={480} loading="lazy" />
                    ) : (
                      <span className="gift-option__img" aria-hidden="true" />
                    )}
                    <div className="gift-option__text">
                      <h3 className="gift-option__name">
                        <a href={`/experiences/${g.option.slugCode}?gift_experience=true`}>{g.option.name}</a>
                      </h3>
                      <p className="gift-option__place">
                        {g.option.city.name}, {g.option.country.name}
                      </p>
                      <p className="gift-option__price">
                        <strong title={price.title}>{price.text}</strong> for {guests(g.guests)}
                        {g.maxGuests > g.guests && <> · up to {guests(g.maxGuests)}</>}
                      </p>
                    </div>
                    <a className="button gift-option__give" href={`/gifts/send?experience=${encodeURIComponent(g.option.slugCode)}`}>
                      <span>
                        Give <span className="visually-hidden">{g.option.name} </span>
                        as a gift
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
