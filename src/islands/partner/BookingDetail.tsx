// One booking in the partner back-office: the trip, the lead traveller, the guest list with the
// details the operator needs, and what the operator may do now (confirm or decline a request,
// with a reason sent to the traveller; accept or reject a date change; mark the trip completed),
// and a conversation with the traveller (issue 17).
import { useState } from 'react';
import { startChatConversation } from '../../api-client/chat.ts';
import { errorMessage } from '../../api-client/client.ts';
import { partnerBooking, partnerBookingAction } from '../../api-client/partner.ts';
import type { PartnerAction, PartnerBooking } from '../../contract/partner.ts';
import { formatDate, formatTime } from '../../lib/format-date.ts';
import { PARTNER_ACTION_LABELS, PARTNER_STATUS_LABELS } from '../../lib/partner-pages.ts';
import { CUSTOMER_FIELD_LABELS } from '../../lib/required-info.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { formatWhen } from '../admin/format.ts';
import { formatPrice } from '../booking/money.ts';
import { BookingBadge, Field, FormProblem, formErrorOf, hrefIn, useNotice, type FormError, type Opened } from './parts.tsx';

const when = (b: { startDate: string; startTime: string | null }) => `${formatDate(b.startDate)}${b.startTime ? `, ${formatTime(b.startTime)}` : ''}`;

function done(action: PartnerAction, b: PartnerBooking): string {
  const who = b.customer.name;
  switch (action) {
    case 'confirm':
      return `Confirmed. We e-mailed ${who} their confirmation.`;
    case 'decline':
      return `Declined. We e-mailed ${who} your reason and refunded what they paid.`;
    case 'accept_change':
      return `The booking now runs on ${when(b)}. We e-mailed ${who}.`;
    case 'reject_change':
      return `The booking stays on ${when(b)}. We e-mailed ${who}.`;
    case 'complete':
      return `Marked completed. We asked ${who} for a review.`;
  }
}

function guestCount(g: PartnerBooking['guests']): string {
  const parts = [
    [g.adults, 'adult', 'adults'],
    [g.children, 'child', 'children'],
    [g.locals, 'local adult', 'local adults'],
    [g.localChildren, 'local child', 'local children'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
}

function Actions({ booking, opened, onDone }: { booking: PartnerBooking; opened: Opened; onDone: (b: PartnerBooking, action: PartnerAction) => void }) {
  const [busy, setBusy] = useState<PartnerAction | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const noteId = `ptn-note-${booking.id}`;
  const a = booking.actions;

  async function run(action: PartnerAction) {
    if (busy) return;
    setBusy(action);
    setError(null);
    try {
      const { data } = await partnerBookingAction(opened.operator.slug, booking.id, action, note.trim() || undefined);
      setNote('');
      onDone(data.booking, action);
    } catch (err) {
      setError(formErrorOf(err, 'note'));
    }
    setBusy(null);
  }

  if (a.length === 0) {
    return (
      <div className="adm-card adm-side">
        <h2>Nothing waits for you</h2>
        <p className="muted">
          {booking.status === 'confirmed'
            ? `Confirmed. You can mark it completed once the trip has ended (${formatDate(booking.endDate)}).`
            : `This booking is ${PARTNER_STATUS_LABELS[booking.status].toLowerCase()}.`}
        </p>
      </div>
    );
  }
  const request = a.includes('decline');
  const change = a.includes('accept_change');
  const button = (action: PartnerAction, ghost = false) => (
    <button type="button" className={`button${ghost ? ' button--ghost' : ''}`} disabled={!!busy} onClick={() => void run(action)}>
      {busy === action ? 'Saving…' : PARTNER_ACTION_LABELS[action]}
    </button>
  );
  return (
    <div className="adm-card adm-side">
      <h2>{request ? 'Answer this request' : change ? 'Answer the date change' : 'After the trip'}</h2>
      {request && <p>The traveller has paid. Confirm the date, or decline and tell them why: they are refunded in full.</p>}
      {change && booking.changeRequest && (
        <p>
          Move from {when(booking)} to <strong>{when(booking.changeRequest)}</strong>? The new places are held until you answer.
        </p>
      )}
      {a.includes('complete') && <p>The trip has ended. Marking it completed asks the traveller for a review.</p>}
      {(request || change) && (
        <Field
          id={noteId}
          label={request ? 'Reason, if you decline' : 'Note to the traveller (optional)'}
          hint="Sent to the traveller in our e-mail."
          error={error}
          control={(aria) => <textarea id={noteId} rows={3} maxLength={1000} value={note} disabled={!!busy} {...aria} onChange={(e) => setNote(e.target.value)} />}
        />
      )}
      <FormProblem error={error} />
      <div className="adm-actions">
        {request && button('confirm')}
        {request && button('decline', true)}
        {change && button('accept_change')}
        {change && button('reject_change', true)}
        {a.includes('complete') && button('complete')}
      </div>
    </div>
  );
}

/** Opens the conversation with the booking's traveller (or the one already started about it). */
function MessageTraveller({ opened, booking }: { opened: Opened; booking: PartnerBooking }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function open() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await startChatConversation({ tripId: booking.id }, opened.operator.slug);
      location.assign(hrefIn(opened, `/partner/messages/${encodeURIComponent(data.conversation.id)}`));
    } catch (err) {
      console.error('The conversation could not be opened', err);
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  return (
    <div className="ptn-message">
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => void open()}>
        {busy ? 'Opening…' : 'Message traveller'}
      </button>
      {error && (
        <p className="adm-alert adm-alert--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export default function BookingDetail({ opened, id }: { opened: Opened; id: string }) {
  const slug = opened.operator.slug;
  const loaded = useApi(() => partnerBooking(slug, id), `${slug}/${id}`);
  const { setNotice, view: notice } = useNotice();
  const back = (
    <a className="adm-back" href={hrefIn(opened, '/partner')}>
      ← Bookings
    </a>
  );

  if (loaded.state.status === 'loading') return <Loading label="Loading the booking…" />;
  if (loaded.state.status === 'error') {
    return (
      <section className="adm-page">
        {back}
        {loaded.state.notFound ? (
          <div className="adm-card adm-empty">
            <p className="adm-empty__title">This booking isn’t one of {opened.operator.name}’s</p>
            <p className="muted">It may belong to another operator, or the link is incomplete.</p>
          </div>
        ) : (
          <Problem text={loaded.state.error} onRetry={loaded.reload} />
        )}
      </section>
    );
  }
  const b = loaded.state.data.booking;
  const fields = b.requiredCustomerInfos;
  return (
    <section className="adm-page">
      {back}
      <header className="adm-pagehead">
        <div>
          <p className="eyebrow">Booking {b.number}</p>
          <h1>{b.experience.name}</h1>
          <div className="adm-edit__meta ptn-meta">
            <BookingBadge status={b.status} />
            {b.placedAt && <span className="muted">Booked {formatWhen(b.placedAt)}</span>}
          </div>
        </div>
      </header>
      {notice}
      <div className="adm-edit__grid">
        <div className="adm-edit__main">
          {b.changeRequest && (
            <div className="adm-alert ptn-change" role="note">
              <p>
                <strong>Date change requested</strong> on {formatWhen(b.changeRequest.createdAt)}: from {when(b)} to {when(b.changeRequest)}.
              </p>
              {b.changeRequest.note && <p>Their note: “{b.changeRequest.note}”</p>}
            </div>
          )}
          <section className="adm-card ptn-block" aria-labelledby="ptn-trip">
            <h2 id="ptn-trip">Trip</h2>
            <dl className="adm-app__facts">
              <div>
                <dt>When</dt>
                <dd>
                  {when(b)}
                  {b.endDate !== b.startDate && ` to ${formatDate(b.endDate)}`}
                </dd>
              </div>
              <div>
                <dt>Guests</dt>
                <dd>
                  {b.guests.total} ({guestCount(b.guests)})
                </dd>
              </div>
              {b.room && (
                <div>
                  <dt>Room</dt>
                  <dd>{b.room}</dd>
                </div>
              )}
              {b.pickup && (
                <div>
                  <dt>Pickup</dt>
                  <dd>
                    {b.pickup.name}
                    {b.pickup.address && <span className="adm-sub">{b.pickup.address}</span>}
                  </dd>
                </div>
              )}
              <div>
                <dt>Value</dt>
                <dd>{formatPrice(b.total)}</dd>
              </div>
              <div className="adm-app__wide">
                <dt>Special requests</dt>
                <dd className="adm-app__pitch">{b.specialRequests.trim() || <span className="muted">None</span>}</dd>
              </div>
            </dl>
          </section>
          <section className="adm-card ptn-block" aria-labelledby="ptn-lead">
            <div className="ptn-lead-head">
              <h2 id="ptn-lead">Lead traveller</h2>
              <MessageTraveller opened={opened} booking={b} />
            </div>
            <dl className="adm-app__facts">
              <div>
                <dt>Name</dt>
                <dd>{b.customer.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <a className="text-link" href={`mailto:${b.customer.email}`}>
                    {b.customer.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>
                  {b.customer.phone ? (
                    <a className="text-link" href={`tel:${b.customer.phone.replace(/\s/g, '')}`}>
                      {b.customer.phone}
                    </a>
                  ) : (
                    <span className="muted">Not given</span>
                  )}
                </dd>
              </div>
            </dl>
          </section>
          <section className="adm-card ptn-block" aria-labelledby="ptn-guests">
            <h2 id="ptn-guests">Guest list</h2>
            {b.customers.length === 0 ? (
              <p className="muted">The traveller has not given their guests’ details yet; we remind them before the trip.</p>
            ) : (
              <div className="adm-table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      {fields.map((f) => (
                        <th scope="col" key={f}>
                          {CUSTOMER_FIELD_LABELS[f]}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {b.customers.map((c) => (
                      <tr key={c.position}>
                        <td>{c.position + 1}</td>
                        {fields.map((f) => (
                          <td key={f}>{c.info[f] || <span className="muted">Missing</span>}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
        <aside className="adm-edit__side">
          <Actions
            booking={b}
            opened={opened}
            onDone={(next, action) => {
              loaded.set({ booking: next });
              setNotice({ ok: true, text: done(action, next) });
            }}
          />
        </aside>
      </div>
    </section>
  );
}
