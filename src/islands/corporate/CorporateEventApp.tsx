// /corporate-events/{id} (ADR 0040): the company's event, the experiences it pays for, and how
// an employee books one (choose, then apply the company code at checkout; no card needed).
import { useEffect, useState } from 'react';
import type { CorporateEvent } from '../../contract/corporate.ts';
import { ApiError, errorMessage, request } from '../../api-client/client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { formatPrice } from '../booking/money.ts';
import './corporate.css';

export function corporateEventId(pathname: string, search: string): string | null {
  const m = /^\/corporate-events\/([a-z0-9][a-z0-9-]{2,80})\/?$/.exec(pathname);
  return m?.[1] ?? new URLSearchParams(search).get('event')?.trim().toLowerCase() ?? null;
}

export default function CorporateEventApp() {
  const id = corporateEventId(window.location.pathname, window.location.search);
  const [event, setEvent] = useState<CorporateEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    request<CorporateEvent>(`/corporate-events/${encodeURIComponent(id)}`)
      .then(({ data }) => setEvent(data))
      .catch((err: unknown) => setError(err instanceof ApiError && (err.status === 404 || err.status === 422) ? 'We can’t find this event. Check the link your company sent you.' : errorMessage(err)));
  }, [id]);
  if (!id || error) {
    return (
      <div className="ce-empty" role="alert">
        <h1>Event not found</h1>
        <p className="lead">{error ?? 'This page needs the link your company sent you.'}</p>
        <a className="text-link" href="/corporate-experiences">
          About corporate experiences
        </a>
      </div>
    );
  }
  if (!event) return <div className="skeleton" style={{ height: '20rem' }} aria-busy="true" />;
  return (
    <article className="ce">
      <p className="eyebrow">{event.companyName} × Verdant</p>
      <h1>{event.title}</h1>
      {event.description && <p className="lead">{event.description}</p>}
      {event.open ? (
        <ol className="ce-steps" aria-label="How to book">
          <li>
            Choose an experience below and a date between {formatDate(event.startDate)} and {formatDate(event.endDate)}.
          </li>
          <li>Log in{event.emailDomain ? ` with your @${event.emailDomain} e-mail` : ''} and enter your company code at checkout.</li>
          <li>{event.companyName} pays: no card needed.</li>
        </ol>
      ) : (
        <p className="ce-closed" role="status">
          This event has ended. Ask {event.companyName} about the next one.
        </p>
      )}
      <ul className="ce-grid" role="list">
        {event.options.map((o) => (
          <li key={o.slugCode} className="ce-card">
            {o.imageUrl && <img src={o.imageUrl} alt={o.imageAlt} width={400} height={300} loading="lazy" />}
            <div className="ce-card__body">
              <p className="ce-card__place">
                {o.cityName}, {o.countryName}
              </p>
              <h2>
                <a href={`/experiences/${o.slugCode}`}>{o.name}</a>
              </h2>
              <p className="ce-card__meta">
                {o.durationText}
                {o.fromPrice && (
                  <>
                    {o.durationText ? ' · ' : ''}
                    <s>{formatPrice(o.fromPrice)}</s> <strong>Paid by {event.companyName}</strong>
                  </>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
