// /ambassador/payouts: the unpaid balance, the minimum payout, monthly statements and their status.
import { payouts } from '../../api-client/ambassador.ts';
import { formatCredit, formatDay } from '../../lib/account-format.ts';
import { Empty, Loading, Problem, SectionHead } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';

const STATUS = { open: 'Open', pending: 'Pending payout', paid: 'Paid', carried_forward: 'Carried forward' } as const;

function monthName(m: string): string {
  const [y, mo] = m.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, mo! - 1, 1)));
}

export default function Payouts() {
  const { state, reload } = useApi(payouts, 'payouts');
  if (state.status === 'loading') return <Loading label="Loading your payouts…" />;
  if (state.status === 'error') return <Problem text={state.error} onRetry={reload} />;
  const p = state.data;
  return (
    <div className="acct-section">
      <SectionHead title="Payouts" lede={`Statements close at the end of each month and are paid by bank transfer once your balance reaches ${formatCredit(p.minimumPayout)}.`} />
      <dl className="amb-figures">
        <div>
          <dt>Unpaid balance</dt>
          <dd>{formatCredit(p.unpaidBalance)}</dd>
        </div>
        <div>
          <dt>Minimum payout</dt>
          <dd>{formatCredit(p.minimumPayout)}</dd>
        </div>
      </dl>
      {!p.hasBankAccount && (
        <p className="acct-problem" role="note">
          Add your bank details so we can pay you. <a href="/ambassador/bank-details/add">Add bank details</a>
        </p>
      )}
      {p.statements.length === 0 ? (
        <Empty title="No statements yet">
          <p>Your first statement appears with your first commission.</p>
        </Empty>
      ) : (
        <table className="amb-table">
          <caption className="visually-hidden">Monthly statements</caption>
          <thead>
            <tr>
              <th scope="col" aria-sort="descending">
                Month
              </th>
              <th scope="col">Earned</th>
              <th scope="col">Reversed</th>
              <th scope="col">Net</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {p.statements.map((s) => (
              <tr key={s.month}>
                <th scope="row">{monthName(s.month)}</th>
                <td>{formatCredit(s.earned)}</td>
                <td>{formatCredit(s.reversed)}</td>
                <td>{formatCredit(s.net)}</td>
                <td>
                  <span className={`acct-tag${s.status === 'paid' ? ' acct-tag--ok' : ''}`}>{STATUS[s.status]}</span>
                  {s.status === 'pending' && <span className="acct-muted"> {formatCredit(s.payable)} due</span>}
                  {s.paidAt && <span className="acct-muted"> {formatDay(s.paidAt)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
