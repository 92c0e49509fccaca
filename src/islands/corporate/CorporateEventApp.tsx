// /corporate-events/{id} (ADR 0040): the company's event, the experiences it pays for, and how
// an employee books one (choose, then apply the company code at checkout; no card needed).
import { useEffect, useState } from 'react';
import type { CorporateEvent } from '../../contract/corporate.ts';
import { corporateEvent, eventOfCorporateCode } from '../../api-client/corporate.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { formatPrice } from '../booking/money.ts';
import { corporateEventTarget, EVENT_ID } from '../../lib/corporate-link.ts';
import './corporate.css';

/** The event a typed value opens: a company code first, else an event id. Null when neither. */
async function resolveTyped(typed: string): Promise<{ id: string; code: string | null } | null> {
  try {
    const { data } = await eventOfCorporateCode(typed);
    return { id: data.eventId, code: data.code };
  } catch (err) {
    if (!(err instanceof ApiError && (err.status === 404 || err.status === 422))) throw err;
  }
  return EVENT_ID.test(typed.toLowerCase()) ? { id: typed.toLowerCase(), code: null } : null;
}

const NOT_FOUND = 'We can’t find this event. Check the link or code your company sent you.';

export default function CorporateEventApp() {
  const [target] = useState(() => corporateEventTarget(window.location.pathname, window.location.search));
  const [id, setId] = useState<string | null>(target && 'id' in target ? target.id : null);
  const [code, setCode] = useState<string | null>(null);
  const [event, setEvent] = useState<CorporateEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!target || !('typed' in target)) return;
    resolveTyped(target.typed)
      .then((found) => {
        if (!found) return setError(NOT_FOUND);
        // The event's own address, so the page can be bookmarked and shared.
        window.history.replaceState(null, '', `/corporate-events/${found.id}`);
        setCode(found.code);
        setId(found.id);
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [target]);
  useEffect(() => {
    if (!id) return;
    corporateEvent(id)
      .then(({ data }) => setEvent(data))
      .catch((err: unknown) => setError(err instanceof ApiError && (err.status === 404 || err.status === 422) ? NOT_FOUND : errorMessage(err)));
  }, [id]);
  if (!target || error) {
    return (
      <div className="ce-empty" role="alert">
        <h1>Event not found</h1>
        <p className="lead">{error ?? 'This page needs the link or code your company sent you.'}</p>
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
          <li>
            Log in{event.emailDomain ? ` with your @${event.emailDomain} e-mail` : ''} and enter your company code
            {code ? (
              <>
                {' '}
                <strong className="ce-code">{code}</strong>
              </>
            ) : null}{' '}
            at checkout.
          </li>
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
