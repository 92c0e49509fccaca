// Payouts (issue 15, item 5): a statement per month of trips — what the bookings are worth, what
// went back to travellers, Verdant's commission and what the operator is paid — each with its
// bookings and a CSV. An admin who opens the operator records the transfer of a month that is over.
import { useState, type FormEvent } from 'react';
import { partnerPayoutCsv, partnerPayouts, partnerPayoutStatement, recordPartnerPayout } from '../../api-client/partner.ts';
import { PAYOUT_DAY, type PartnerPayoutStatementResponse, type PartnerPayoutSummary } from '../../contract/partner.ts';
import { formatDate, formatMonth } from '../../lib/format-date.ts';
import { PAYOUT_STATUS_LABELS } from '../../lib/partner-pages.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ColumnHeads } from '../admin/AdminList.tsx';
import { formatPrice } from '../booking/money.ts';
import { BookingBadge, Field, FormProblem, hrefIn, useFileDownload, useFormCall, useNotice, type Opened } from './parts.tsx';

const monthName = (month: string) => formatMonth(`${month}-01`);

/** Where a statement's own page is (`?currency=` only when it is not the operator's currency). */
const statementHref = (opened: Opened, s: { month: string; currency: string }) =>
  hrefIn(opened, `/partner/payouts/${s.month}${s.currency !== opened.operator.currency ? `?currency=${s.currency}` : ''}`);

function PayoutBadge({ s }: { s: PartnerPayoutSummary }) {
  return <span className={`adm-badge ptn-payout--${s.status}`}>{PAYOUT_STATUS_LABELS[s.status]}</span>;
}

/** When the money arrives, or arrived. */
function whenPaid(s: PartnerPayoutSummary): string {
  if (s.payout) return `Paid ${formatDate(s.payout.paidAt)}`;
  return `${s.status === 'due' ? 'Due' : 'Expected'} ${formatDate(s.expectedOn)}`;
}

const FIGURE_COLUMNS: [string, string][] = [
  ['Value', 'adm-col-price'],
  ['Refunded', 'adm-col-price ptn-col-minor'],
  ['Commission', 'adm-col-price ptn-col-minor'],
  ['Net', 'adm-col-price'],
];

function Figures({ f }: { f: Pick<PartnerPayoutSummary, 'gross' | 'refunded' | 'commission' | 'net'> }) {
  return (
    <>
      <td className="adm-col-price" data-label="Value">
        {formatPrice(f.gross)}
      </td>
      <td className="adm-col-price ptn-col-minor" data-label="Refunded">
        {f.refunded.amount ? `−${formatPrice(f.refunded)}` : '—'}
      </td>
      <td className="adm-col-price ptn-col-minor" data-label="Commission">
        {f.commission.amount ? `−${formatPrice(f.commission)}` : '—'}
      </td>
      <td className="adm-col-price ptn-net" data-label="Net">
        {formatPrice(f.net)}
      </td>
    </>
  );
}

function Terms({ percent }: { percent: number }) {
  return (
    <p className="ptn-sub">
      Verdant’s commission is {percent}% of what each booking is worth at your prices; our discounts and gift codes are ours to pay. Each month’s statement holds the trips that start in it and is
      transferred on the {PAYOUT_DAY}th of the month after.
    </p>
  );
}

export default function Payouts({ opened }: { opened: Opened }) {
  const slug = opened.operator.slug;
  const list = useApi(() => partnerPayouts(slug), slug);
  if (list.state.status === 'loading') return <Loading label="Loading your payouts…" />;
  if (list.state.status === 'error') return <Problem text={list.state.error} onRetry={list.reload} />;
  const { statements, commissionPercent } = list.state.data;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Payouts</h1>
          <Terms percent={commissionPercent} />
        </div>
      </header>
      <div className="adm-card adm-list">
        <div className="adm-table ptn-stack ptn-payouts">
          <table>
            <ColumnHeads columns={[['Month of trips'], ['Bookings', 'ptn-col-guests'], ...FIGURE_COLUMNS, ['Status', 'ptn-col-status']]} />
            <tbody>
              {statements.map((s) => (
                <tr key={`${s.month}-${s.currency}`} data-month={s.month}>
                  <td className="ptn-col-when">
                    <a className="adm-rowlink" href={statementHref(opened, s)}>
                      <strong>{monthName(s.month)}</strong>
                    </a>
                    <span className="adm-sub">{whenPaid(s)}</span>
                  </td>
                  <td className="ptn-col-guests">{s.bookings}</td>
                  <Figures f={s} />
                  <td className="ptn-col-status">
                    <PayoutBadge s={s} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {statements.length === 0 && (
            <div className="adm-empty">
              <p className="adm-empty__title">No payouts yet</p>
              <p className="muted">Once travellers book {opened.operator.name}’s experiences, each month’s statement appears here.</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/** An admin records the month's transfer with its bank reference. */
function RecordPayout({ opened, s, onDone }: { opened: Opened; s: PartnerPayoutSummary; onDone: (paid: PartnerPayoutStatementResponse) => void }) {
  const [reference, setReference] = useState('');
  const { busy, error, run } = useFormCall('reference');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      onDone((await recordPartnerPayout(opened.operator.slug, s.month, s.currency, reference)).data);
    });
  };
  return (
    <form className="adm-card adm-side" onSubmit={submit} noValidate>
      <h2>Record the transfer</h2>
      <p className="muted">
        Verdant admins only. Record the transfer of {formatPrice(s.net)} once it has left the bank; {opened.operator.name} then sees this statement as paid.
      </p>
      <Field id="ptn-payout-ref" label="Bank reference" error={error} control={(aria) => <input id="ptn-payout-ref" value={reference} maxLength={100} disabled={busy} {...aria} onChange={(e) => setReference(e.target.value)} />} />
      <FormProblem error={error} />
      <div className="adm-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Record transfer'}
        </button>
      </div>
    </form>
  );
}

export function PayoutStatement({ opened, month }: { opened: Opened; month: string }) {
  const slug = opened.operator.slug;
  const [currency] = useState(() => new URLSearchParams(location.search).get('currency'));
  const loaded = useApi(() => partnerPayoutStatement(slug, month, currency), `${slug}/${month}/${currency ?? ''}`);
  const csv = useFileDownload('Payout CSV', () => partnerPayoutCsv(slug, month, currency));
  const { setNotice, view: notice } = useNotice();
  const back = (
    <a className="adm-back" href={hrefIn(opened, '/partner/payouts')}>
      ← Payouts
    </a>
  );
  if (loaded.state.status === 'loading') return <Loading label="Loading the statement…" />;
  if (loaded.state.status === 'error') {
    return (
      <section className="adm-page">
        {back}
        <Problem text={loaded.state.error} onRetry={loaded.reload} />
      </section>
    );
  }
  const { statement: s, lines, commissionPercent } = loaded.state.data;
  /** An admin records the transfer of a month that is over; the operator's members only read. */
  const recording = opened.operator.role === 'admin' && s.status === 'due';
  return (
    <section className="adm-page">
      {back}
      <header className="adm-pagehead">
        <div>
          <p className="eyebrow">Payout statement · {s.currency}</p>
          <h1>Trips in {monthName(s.month)}</h1>
          <div className="adm-edit__meta ptn-meta">
            <PayoutBadge s={s} />
            <span className="muted">{whenPaid(s)}</span>
            {s.payout && <span className="muted">Reference {s.payout.reference}</span>}
          </div>
        </div>
        <div className="ptn-toolbar__end">
          <button type="button" className="button button--ghost" disabled={csv.busy} onClick={() => void csv.run()}>
            {csv.busy ? 'Preparing CSV…' : 'Download CSV'}
          </button>
        </div>
      </header>
      {notice}
      {csv.error && (
        <p className="adm-alert adm-alert--error" role="alert">
          The CSV could not be made: {csv.error}
        </p>
      )}
      <section aria-label="Totals">
      <dl className="ptn-totals">
        <div>
          <dt>Value of {s.bookings === 1 ? '1 booking' : `${s.bookings} bookings`}</dt>
          <dd>{formatPrice(s.gross)}</dd>
        </div>
        <div>
          <dt>Refunded to travellers</dt>
          <dd>{s.refunded.amount ? `−${formatPrice(s.refunded)}` : formatPrice(s.refunded)}</dd>
        </div>
        <div>
          <dt>Verdant commission ({commissionPercent}%)</dt>
          <dd>{s.commission.amount ? `−${formatPrice(s.commission)}` : formatPrice(s.commission)}</dd>
        </div>
        <div className="ptn-totals__net">
          <dt>{s.payout ? 'Paid to you' : 'You receive'}</dt>
          <dd>{formatPrice(s.payout ? s.payout.amount : s.net)}</dd>
        </div>
      </dl>
      </section>
      {s.payout && s.payout.amount.amount !== s.net.amount && (
        <p className="adm-alert" role="note">
          A refund after the transfer changed this statement: it now comes to {formatPrice(s.net)}. The Verdant team settles the difference with your next payout.
        </p>
      )}
      <div className={recording ? 'adm-edit__grid' : undefined}>
        <div className={recording ? 'adm-edit__main' : undefined}>
          <div className="adm-card adm-list">
            <div className="adm-table ptn-stack ptn-payout-lines">
              <table>
                <ColumnHeads columns={[['Trip date'], ['Booking', 'ptn-col-booking'], ...FIGURE_COLUMNS]} />
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.bookingId} data-booking-id={l.bookingId}>
                      <td className="ptn-col-when">
                        <strong>{formatDate(l.startDate)}</strong>
                        <span className="adm-sub">
                          <BookingBadge status={l.status} />
                        </span>
                      </td>
                      <td className="ptn-col-booking">
                        <a className="adm-rowlink" href={hrefIn(opened, `/partner/bookings/${l.bookingId}`)}>
                          <span>
                            <strong>{l.experience.name}</strong>
                            <span className="ptn-sub">
                              {l.number} · {l.customerName}
                            </span>
                          </span>
                        </a>
                      </td>
                      <Figures f={l} />
                    </tr>
                  ))}
                </tbody>
              </table>
              {lines.length === 0 && (
                <div className="adm-empty">
                  <p className="adm-empty__title">No paid bookings in {monthName(s.month)}</p>
                </div>
              )}
            </div>
          </div>
          <Terms percent={commissionPercent} />
        </div>
        {recording && (
          <RecordPayout
            opened={opened}
            s={s}
            onDone={(paid) => {
              loaded.set(paid);
              setNotice({ ok: true, text: `Recorded. ${opened.operator.name} now sees ${monthName(s.month)} as paid.` });
            }}
          />
        )}
      </div>
    </section>
  );
}
