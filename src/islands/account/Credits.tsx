// /account/credits: balances and the credit history (the ledger), newest first.
import { useState } from 'react';
import { credits } from '../../api-client/accounts.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { CreditsResponse } from '../../contract/accounts.ts';
import { formatCredit, formatDay } from '../../lib/account-format.ts';
import { Empty, Loading, Problem, SectionHead } from './parts.tsx';
import { useApi } from './use-api.ts';

const KIND_LABEL: Record<CreditsResponse['entries'][number]['kind'], string> = {
  welcome: 'Welcome gift',
  referral_reward: 'Referral reward',
  gift_code: 'Gift code',
  spend: 'Used on a booking',
  refund: 'Returned',
  adjustment: 'Adjustment',
};

export default function Credits() {
  const { state } = useApi(() => credits(1), 'credits');
  const [more, setMore] = useState<CreditsResponse['entries']>([]);
  const [page, setPage] = useState(1);
  const [moreError, setMoreError] = useState<string | null>(null);
  if (state.status === 'loading') return <Loading label="Loading your credits…" />;
  if (state.status === 'error') return <Problem text={state.error} />;
  const { balances, entries, pagination } = state.data;
  const all = [...entries, ...more];
  const loadMore = async () => {
    try {
      const { data } = await credits(page + 1);
      setMore((m) => [...m, ...data.entries]);
      setPage((p) => p + 1);
    } catch (err) {
      setMoreError(errorMessage(err));
    }
  };
  return (
    <div className="acct-section">
      <SectionHead
        title="Credits"
        lede={
          <>
            Credit comes from gift codes, welcome gifts and <a href="/account/referral">friends you invite</a>. It is used at checkout in its own currency.
          </>
        }
      />
      <div className="acct-balances" aria-label="Your balances">
        {balances.length === 0 ? (
          <div className="acct-balance">
            <span className="acct-label">Balance</span>
            <strong>No credit yet</strong>
          </div>
        ) : (
          balances.map((b) => (
            <div className="acct-balance" key={b.currency}>
              <span className="acct-label">Balance in {b.currency}</span>
              <strong data-balance={b.currency}>{formatCredit(b)}</strong>
            </div>
          ))
        )}
      </div>
      <section className="acct-panel" aria-labelledby="acct-history">
        <h2 id="acct-history">History</h2>
        {all.length === 0 ? (
          <Empty title="Nothing here yet">
            <p>Invite a friend or add a gift code to get your first credit.</p>
          </Empty>
        ) : (
          <ol className="acct-ledger">
            {all.map((e) => (
              <li key={e.id}>
                <div>
                  <span className="acct-ledger__what">{e.description}</span>
                  <span className="acct-muted">
                    {KIND_LABEL[e.kind]} · {formatDay(e.createdAt)}
                  </span>
                </div>
                <span className={e.amount.amount < 0 ? 'acct-ledger__amount acct-ledger__amount--out' : 'acct-ledger__amount'}>
                  {e.amount.amount > 0 ? '+' : ''}
                  {formatCredit(e.amount)}
                </span>
              </li>
            ))}
          </ol>
        )}
        {page < pagination.totalPages && (
          <button type="button" className="button button--quiet" onClick={() => void loadMore()}>
            Show older
          </button>
        )}
        {moreError && <p className="auth-error">{moreError}</p>}
      </section>
    </div>
  );
}
