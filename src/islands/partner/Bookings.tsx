// The bookings inbox: the operator's bookings and requests to book by trip date, filtered by
// status and dates (kept in the address so a view can be shared and survives a reload), what
// waits for an answer counted on top, and the filtered list as a CSV file.
import { useEffect, useState } from 'react';
import { partnerBookings, partnerBookingsCsv } from '../../api-client/partner.ts';
import type { PartnerBookingFilters, PartnerStatusFilter } from '../../contract/partner.ts';
import { formatDate, formatTime } from '../../lib/format-date.ts';
import { bookingsSearch, NO_FILTERS, PARTNER_FILTER_LABELS, readBookingFilters, type BookingFilters } from '../../lib/partner-pages.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ColumnHeads } from '../admin/AdminList.tsx';
import { Pager } from '../admin/parts.tsx';
import { formatPrice } from '../booking/money.ts';
import { BookingBadge, hrefIn, useFileDownload, type Opened } from './parts.tsx';

const PER = 25;

const apiFilters = (f: BookingFilters): PartnerBookingFilters => ({ status: f.status, ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}) });

export default function Bookings({ opened }: { opened: Opened }) {
  const slug = opened.operator.slug;
  const [filters, setFilters] = useState<BookingFilters>(() => readBookingFilters(location.search));
  const search = bookingsSearch(opened.param, filters);
  const list = useApi(() => partnerBookings(slug, { ...apiFilters(filters), page: filters.page, per: PER }), `${slug}${search}`);
  const csv = useFileDownload('CSV', () => partnerBookingsCsv(slug, apiFilters(filters)));

  useEffect(() => history.replaceState(null, '', `${location.pathname}${search}`), [search]);

  const set = (patch: Partial<BookingFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const data = list.state.status === 'ready' ? list.state.data : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER)) : 1;
  const filtered = filters.status !== 'all' || filters.from !== '' || filters.to !== '';

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Bookings</h1>
          <p className="muted">
            {data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? 'booking' : 'bookings'}${filtered ? ' match' : ''}` : '\u00a0'}
          </p>
          <p className="ptn-sub">We e-mail each new booking, request and date change to {opened.operator.email}.</p>
        </div>
        {data && data.needsAction > 0 && filters.status !== 'needs_action' && (
          <button type="button" className="ptn-needs" onClick={() => set({ status: 'needs_action' })}>
            <strong>{data.needsAction}</strong> {data.needsAction === 1 ? 'booking needs' : 'bookings need'} your answer
          </button>
        )}
      </header>

      <div className="adm-card adm-list">
        <div className="adm-toolbar ptn-toolbar" role="search">
          <label className="adm-select">
            <span className="ptn-toolbar__label">Status</span>
            <select value={filters.status} onChange={(e) => set({ status: e.target.value as PartnerStatusFilter })}>
              {Object.entries(PARTNER_FILTER_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label className="adm-select">
            <span className="ptn-toolbar__label">Trips from</span>
            <input type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label className="adm-select">
            <span className="ptn-toolbar__label">Until</span>
            <input type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </label>
          <div className="ptn-toolbar__end">
            {filtered && (
              <button type="button" className="button button--ghost" onClick={() => setFilters(NO_FILTERS)}>
                Clear filters
              </button>
            )}
            <button type="button" className="button button--ghost" disabled={csv.busy} onClick={() => void csv.run()}>
              {csv.busy ? 'Preparing CSV…' : 'Download CSV'}
            </button>
          </div>
        </div>
        {csv.error && (
          <p className="adm-alert adm-alert--error" role="alert">
            The CSV could not be made: {csv.error}
          </p>
        )}
        {list.state.status === 'error' && <Problem text={list.state.error} onRetry={list.reload} />}
        <div className="adm-table ptn-inbox ptn-stack" aria-busy={list.state.status === 'loading'}>
          <table>
            <ColumnHeads columns={[['Trip date'], ['Booking', 'ptn-col-booking'], ['Guests', 'ptn-col-guests'], ['Status', 'ptn-col-status'], ['Value', 'adm-col-price']]} />
            <tbody>
              {data?.bookings.map((b) => (
                <tr key={b.id} data-booking-id={b.id}>
                  <td className="ptn-col-when">
                    <strong>{formatDate(b.startDate)}</strong>
                    <span className="adm-sub">{b.startTime ? formatTime(b.startTime) : b.endDate !== b.startDate ? `to ${formatDate(b.endDate)}` : 'All day'}</span>
                  </td>
                  <td className="ptn-col-booking">
                    <a className="adm-rowlink" href={hrefIn(opened, `/partner/bookings/${b.id}`)}>
                      <span>
                        <strong>{b.experience.name}</strong>
                        <span className="ptn-sub">
                          {b.number} · {b.customer.name}
                        </span>
                      </span>
                    </a>
                  </td>
                  <td className="ptn-col-guests">{b.guests.total}</td>
                  <td className="ptn-col-status">
                    <BookingBadge status={b.status} />
                  </td>
                  <td className="adm-col-price">{formatPrice(b.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.bookings.length === 0 && (
            <div className="adm-empty">
              <p className="adm-empty__title">{filtered ? 'No bookings match these filters' : 'No bookings yet'}</p>
              {filtered ? (
                <button type="button" className="button button--ghost" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </button>
              ) : (
                <p className="muted">New bookings and requests to book appear here, and we e-mail you about each one.</p>
              )}
            </div>
          )}
        </div>
        <Pager page={filters.page} pages={pages} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
      </div>
    </section>
  );
}
