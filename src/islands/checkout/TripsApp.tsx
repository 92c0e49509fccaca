// The /trips shell (client-only). Booking provides /trips/{id}/required_info (the guests'
// details the operator needs, completed after checkout) and its /submit confirmation; the
// rest of a trip's pages come with the account's trips.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OrderItem } from '../../contract/booking.ts';
import { ApiError, errorMessage, request } from '../../api-client/client.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { CUSTOMER_FIELD_LABELS } from '../../lib/required-info.ts';
import { useAdoptedFields } from '../forms/use-adopted-fields.ts';
import './checkout.css';

export function tripsRoute(pathname: string): { id: string; page: 'required_info' | 'submitted' } | null {
  const m = /^\/trips\/([\w-]{8,64})\/required_info(\/submit)?\/?$/.exec(pathname);
  return m ? { id: m[1] as string, page: m[2] ? 'submitted' : 'required_info' } : null;
}

export default function TripsApp() {
  const route = tripsRoute(window.location.pathname);
  const [item, setItem] = useState<OrderItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!route) return;
    request<{ orderItem: OrderItem }>(`/required-infos/${route.id}`)
      .then(({ data }) => setItem(data.orderItem))
      .catch((err: unknown) => setError(err instanceof ApiError && err.status === 404 ? 'We can’t find this booking. Check the link in your confirmation e-mail.' : errorMessage(err)));
  }, []);
  if (!route || error) {
    return (
      <div className="checkout-empty" role="alert">
        <h1>Trip not found</h1>
        <p className="lead">{error ?? 'This page isn’t part of a trip.'}</p>
      </div>
    );
  }
  if (!item) return <div className="skeleton" style={{ height: '20rem' }} aria-busy="true" />;
  if (route.page === 'submitted') {
    return (
      <div className="checkout-empty">
        <p className="eyebrow">Guest details</p>
        <h1>Thank you</h1>
        <p className="lead">We’ve passed your guests’ details to the operator of {item.option.name}.</p>
      </div>
    );
  }
  return <RequiredInfoForm item={item} onDone={() => window.location.assign(`/trips/${route.id}/required_info/submit`)} />;
}

function RequiredInfoForm({ item, onDone }: { item: OrderItem; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptedFields(formRef);
  const [guests, setGuests] = useState(() => Array.from({ length: item.totalQuantity }, (_, i) => ({ ...(item.customers[i]?.info ?? {}) })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await request('/required-infos', { method: 'POST', body: { orderItemId: item.id, customers: guests } });
      onDone();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields);
      setMessage(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form ref={formRef} className="checkout__main required-info" onSubmit={submit} noValidate>
      <p className="eyebrow">Guest details</p>
      <h1>Who’s going on {item.option.name}?</h1>
      <p className="lead">
        {whenText(item)} · {guestsText(item, { priceUnit: item.option.priceUnit })}. The operator needs these for each guest.
      </p>
      {guests.map((g, i) => (
        <fieldset key={i} className="checkout__guest-card">
          <legend>Guest {i + 1}</legend>
          <div className="checkout__row">
            {item.requiredCustomerInfos.map((f) => {
              const key = `customers.${i}.${f}`;
              const id = `g${i}-${f}`;
              return (
                <div className="form-field" key={f}>
                  <label htmlFor={id} className="form-field__label">
                    {CUSTOMER_FIELD_LABELS[f]}
                  </label>
                  <input
                    id={id}
                    type={f === 'dateOfBirth' ? 'date' : 'text'}
                    value={g[f] ?? ''}
                    onChange={(e) => setGuests((list) => list.map((x, j) => (j === i ? { ...x, [f]: e.target.value } : x)))}
                    aria-invalid={errors[key] ? true : undefined}
                    aria-describedby={errors[key] ? `${id}-e` : undefined}
                    required
                  />
                  {errors[key] && (
                    <p id={`${id}-e`} className="form-field__error">
                      {errors[key]}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      {message && (
        <p className="checkout__message" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button button--accent checkout__pay" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Saving…' : 'Send to the operator'}
      </button>
    </form>
  );
}
