// The itemised, all-in price of a bag or an order in the traveller's currency: every line, the
// promotion, the total, and — when converted — the exchange rate and the 2 % fee, shown before
// anything is paid.
import type { ExchangeInfo, OrderItem, PriceLine } from '../../contract/booking.ts';
import type { Money } from '../../contract/common.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { formatPrice } from '../booking/money.ts';

type Props = {
  item: OrderItem;
  lines: PriceLine[];
  subtotal: Money;
  discount?: { label: string; amount: Money } | null;
  /** Further deductions after the promotion (welcome discount, gift code, credits), in order. */
  deductions?: { label: string; amount: Money; testId?: string }[];
  total: Money;
  exchange: ExchangeInfo;
  conversionFee: Money;
  crossedOut?: Money | null;
  children?: React.ReactNode;
};

export default function OrderSummary({ item, lines, subtotal, discount, deductions = [], total, exchange, conversionFee, crossedOut, children }: Props) {
  const more = deductions.filter((d) => d.amount.amount > 0);
  const promo = discount && discount.amount.amount > 0 ? discount : null;
  const image = item.option.images[0];
  return (
    <section className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        Your booking
      </h2>
      <div className="summary__head">
        {image && <img className="summary__img" src={image.webpSmUrl} alt="" width={96} height={96} />}
        <div>
          <p className="summary__place">
            {item.option.city.name}, {item.option.country.name}
          </p>
          <p className="summary__name">{item.option.name}</p>
        </div>
      </div>
      <ul role="list" className="summary__facts">
        <li>{whenText(item)}</li>
        <li>{guestsText(item, { priceUnit: item.option.priceUnit })}</li>
        {item.room && <li>{item.room.name}</li>}
        {item.selectedTransportItem && <li>{item.selectedTransportItem.name}</li>}
        <li>{item.option.bookType === 'instant' ? 'Instant confirmation' : 'Request to book: the operator confirms within two working days'}</li>
      </ul>
      <dl className="summary__lines">
        {lines.map((l) => (
          <div key={`${l.kind}-${l.label}`}>
            <dt>
              {l.quantity > 1 && l.kind !== 'group' ? `${l.quantity} × ` : ''}
              {l.label}
            </dt>
            <dd>{formatPrice(l.amount)}</dd>
          </div>
        ))}
        {(promo || more.length > 0) && (
          <div className="summary__sub">
            <dt>Subtotal</dt>
            <dd data-testid="summary-subtotal">{crossedOut && promo ? <s>{formatPrice(crossedOut)}</s> : formatPrice(subtotal)}</dd>
          </div>
        )}
        {promo && (
          <div className="summary__discount">
            <dt>{promo.label}</dt>
            <dd data-testid="summary-promotion">−{formatPrice(promo.amount)}</dd>
          </div>
        )}
        {more.map((d) => (
          <div className="summary__discount" key={d.label}>
            <dt>{d.label}</dt>
            <dd data-testid={d.testId}>−{formatPrice(d.amount)}</dd>
          </div>
        ))}
        <div className="summary__total">
          <dt>Total ({total.currency})</dt>
          <dd data-testid="summary-total">{formatPrice(total)}</dd>
        </div>
      </dl>
      {exchange.feeApplied ? (
        <p className="summary__fx" data-testid="summary-fx">
          Priced in {exchange.from} and charged in {exchange.to} at 1 {exchange.from} = {exchange.rateWithFee} {exchange.to}. This includes a 2% currency conversion fee ({formatPrice(conversionFee)}); today’s rate without it is {exchange.rate}.
        </p>
      ) : (
        <p className="summary__fx">All-in price: taxes and fees included. Charged in {total.currency}.</p>
      )}
      <p className="summary__terms">{item.cancellationTerms}</p>
      {children}
    </section>
  );
}
