// /ambassador/performance and /ambassador/popular-products: figures for a report period (in the
// URL, so a view can be shared), an SVG chart with its data as a table, recent earnings and
// reversals, and the experiences travellers from your links book most.
import { useState } from 'react';
import { performance, popularProducts } from '../../api-client/ambassador.ts';
import { PERIOD_LABELS, type PerformanceResponse } from '../../contract/ambassador.ts';
import { REPORT_PERIODS, type ReportPeriod } from '../../lib/affiliate-commission.ts';
import { formatCredit, formatDay } from '../../lib/account-format.ts';
import { bars, tickIndexes } from '../../lib/ambassador-pages.ts';
import { Empty, Loading, Problem, SectionHead } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';

function usePeriod(): [ReportPeriod, (p: ReportPeriod) => void] {
  const initial = new URLSearchParams(location.search).get('period');
  const [period, set] = useState<ReportPeriod>((REPORT_PERIODS as readonly string[]).includes(initial ?? '') ? (initial as ReportPeriod) : 'last_30_days');
  return [
    period,
    (p) => {
      const url = new URL(location.href);
      url.searchParams.set('period', p);
      history.replaceState(null, '', url);
      set(p);
    },
  ];
}

function PeriodPicker({ period, onChange }: { period: ReportPeriod; onChange: (p: ReportPeriod) => void }) {
  return (
    <div className="form-field amb-period">
      <label htmlFor="amb-period" className="form-field__label">
        Report period
      </label>
      <select id="amb-period" value={period} onChange={(e) => onChange(e.currentTarget.value as ReportPeriod)}>
        {REPORT_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </select>
    </div>
  );
}

const W = 640;
const H = 160;

function Chart({ data }: { data: PerformanceResponse }) {
  const clickBars = bars(data.series.map((s) => s.clicks), W, H, 2);
  const maxBookings = Math.max(1, ...data.series.map((s) => s.bookings));
  const maxClicks = Math.max(1, ...data.series.map((s) => s.clicks));
  const ticks = tickIndexes(data.series.length, 5);
  const label = (l: string) => (l.length === 7 ? l : l.slice(5));
  return (
    <figure className="amb-chart">
      <svg viewBox={`0 0 ${W} ${H + 24}`} role="img" aria-labelledby="amb-chart-title amb-chart-desc">
        <title id="amb-chart-title">Clicks and bookings, {PERIOD_LABELS[data.period].toLowerCase()}</title>
        <desc id="amb-chart-desc">
          {data.clicks} clicks and {data.bookings} bookings in the period; the table below lists every day.
        </desc>
        <line x1="0" y1={H} x2={W} y2={H} className="amb-chart__axis" />
        <line x1="0" y1="0" x2={W} y2="0" className="amb-chart__grid" />
        <text x="0" y="-6" className="amb-chart__tick">
          {Math.max(maxClicks, maxBookings)}
        </text>
        {clickBars.map((b, i) => (
          <rect key={i} x={b.x} y={b.y} width={b.width} height={b.height} className="amb-chart__clicks" />
        ))}
        {data.series.map((s, i) =>
          s.bookings > 0 ? <circle key={i} cx={clickBars[i]!.x + clickBars[i]!.width / 2} cy={H - (s.bookings / Math.max(maxBookings, maxClicks)) * H} r="5" className="amb-chart__bookings" /> : null,
        )}
        {ticks.map((i) => (
          <text key={i} x={clickBars[i]!.x + clickBars[i]!.width / 2} y={H + 18} textAnchor="middle" className="amb-chart__tick">
            {label(data.series[i]!.label)}
          </text>
        ))}
      </svg>
      <figcaption className="amb-chart__legend">
        <span className="amb-chart__key amb-chart__key--clicks" aria-hidden="true" /> Clicks <span className="amb-chart__key amb-chart__key--bookings" aria-hidden="true" /> Bookings
      </figcaption>
      <details className="amb-chart__data">
        <summary>Show the data as a table</summary>
        <table>
          <caption className="visually-hidden">Clicks, bookings and earnings by {data.period === 'all_time' ? 'month' : 'day'}</caption>
          <thead>
            <tr>
              <th scope="col">{data.period === 'all_time' ? 'Month' : 'Day'}</th>
              <th scope="col">Clicks</th>
              <th scope="col">Bookings</th>
              <th scope="col">Earnings</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((s) => (
              <tr key={s.label}>
                <th scope="row">{s.label}</th>
                <td>{s.clicks}</td>
                <td>{s.bookings}</td>
                <td>{formatCredit({ amount: s.earnings, currency: data.earnings.currency })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export default function Performance() {
  const [period, setPeriod] = usePeriod();
  const { state, reload } = useApi(() => performance(period), `perf:${period}`);
  return (
    <div className="acct-section">
      <SectionHead title="Performance" lede="Clicks on your links, the bookings they brought and what you earned.">
        <PeriodPicker period={period} onChange={setPeriod} />
      </SectionHead>
      {state.status === 'loading' && <Loading label="Loading your performance…" />}
      {state.status === 'error' && <Problem text={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <dl className="amb-figures" data-testid="amb-figures">
            <div>
              <dt>Clicks</dt>
              <dd data-figure="clicks">{state.data.clicks}</dd>
            </div>
            <div>
              <dt>Bookings</dt>
              <dd data-figure="bookings">{state.data.bookings}</dd>
            </div>
            <div>
              <dt>Conversion</dt>
              <dd data-figure="conversion">{(state.data.conversionRate * 100).toFixed(1)}%</dd>
            </div>
            <div>
              <dt>Earnings</dt>
              <dd data-figure="earnings">{formatCredit(state.data.earnings)}</dd>
            </div>
          </dl>
          {state.data.reversals > 0 && (
            <p className="acct-muted" data-figure="reversed">
              Includes {state.data.reversals} reversed {state.data.reversals === 1 ? 'commission' : 'commissions'} ({formatCredit(state.data.reversed)}) for cancelled or refunded bookings.
            </p>
          )}
          <Chart data={state.data} />
          <section className="acct-panel" aria-labelledby="amb-recent">
            <h2 id="amb-recent">Recent commissions</h2>
            {state.data.recent.length === 0 ? (
              <Empty title="No commissions in this period">
                <p>Share your links: bookings paid within 30 days of a click appear here.</p>
              </Empty>
            ) : (
              <ol className="acct-ledger amb-recent" role="list">
                {state.data.recent.map((r, i) => (
                  <li key={i} data-kind={r.kind}>
                    <div>
                      <p className="acct-ledger__what">
                        {r.kind === 'earned' ? 'Booking' : 'Reversed: booking cancelled or refunded'} · {r.productName}
                        {r.capped ? ' (capped)' : ''}
                      </p>
                      <p className="acct-muted">{formatDay(r.createdAt)}</p>
                    </div>
                    <p className={`acct-ledger__amount${r.amount.amount < 0 ? ' acct-ledger__amount--out' : ''}`}>{formatCredit(r.amount)}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export function PopularProducts() {
  const [period, setPeriod] = usePeriod();
  const { state, reload } = useApi(() => popularProducts(period), `popular:${period}`);
  return (
    <div className="acct-section">
      <SectionHead title="Popular products" lede="The experiences travellers who arrived through your links book most.">
        <PeriodPicker period={period} onChange={setPeriod} />
      </SectionHead>
      {state.status === 'loading' && <Loading label="Loading popular products…" />}
      {state.status === 'error' && <Problem text={state.error} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.products.length === 0 ? (
          <Empty title="No bookings through your links in this period">
            <p>
              Try a longer period, or <a href="/ambassador/dashboard">create a link</a> to an experience you love.
            </p>
          </Empty>
        ) : (
          <table className="amb-table">
            <caption className="visually-hidden">Popular products, {PERIOD_LABELS[period].toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">Experience</th>
                <th scope="col" aria-sort="descending">
                  Bookings
                </th>
                <th scope="col">Earned</th>
              </tr>
            </thead>
            <tbody>
              {state.data.products.map((p) => (
                <tr key={p.slugCode}>
                  <th scope="row">
                    <a href={`/experiences/${p.slugCode}`}>{p.name}</a>
                  </th>
                  <td>{p.bookings}</td>
                  <td>{formatCredit(p.earnings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </div>
  );
}
