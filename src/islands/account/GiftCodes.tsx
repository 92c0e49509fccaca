// /account/gift-codes (list + add a code) and /account/gift-codes/{id} (one code: redeem into
// credit, or remove it from your account).
import { useState, type FormEvent } from 'react';
import { addGiftCode, giftCode, giftCodes, redeemGiftCode, removeGiftCode } from '../../api-client/accounts.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { GiftCode } from '../../contract/accounts.ts';
import { conversionParts, formatCredit, formatDay } from '../../lib/account-format.ts';
import FormField from '../forms/FormField.tsx';
import { Empty, Loading, Problem, SectionHead } from './parts.tsx';
import { useApi } from './use-api.ts';

/** A code in another currency than the holder's credit: its amount there (via SGD), and the rate used. */
function Conversion({ amount, converted }: { amount: GiftCode['amount']; converted: NonNullable<GiftCode['converted']> }) {
  const parts = conversionParts(amount, converted);
  return (
    <span className="acct-conversion" data-gift-converted="">
      <span data-gift-converted-amount="">≈ {parts.amount}</span> <span className="acct-muted" data-gift-converted-rate="">at {parts.rate.replace(/ (?=[A-Z]{3}\b)/g, '\u00a0')}</span>
    </span>
  );
}

const STATUS: Record<GiftCode['status'], string> = { active: 'Ready to use', redeemed: 'Added to your credit', used: 'Used on a booking' };

export function GiftCodeList() {
  const { state, set, reload } = useApi(giftCodes, 'gift-codes');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (state.status === 'loading') return <Loading label="Loading your gift codes…" />;
  if (state.status === 'error') return <Problem text={state.error} onRetry={reload} />;
  const codes = state.data.giftCodes;
  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').trim();
    if (!code) return setError('Please enter your gift code');
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await addGiftCode(code);
      set({ giftCodes: [...codes, data] });
      form.reset();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="acct-section">
      <SectionHead title="Your gifts" lede="Gift codes you received. Use one at checkout, or turn it into credit for any experience." />
      <section className="acct-panel" aria-labelledby="acct-add-code">
        <h2 id="acct-add-code">Add a gift code</h2>
        <form className="acct-inline-form" onSubmit={(e) => void add(e)} noValidate aria-busy={busy}>
          <FormField label="Gift code" error={error}>
            <input name="code" autoComplete="off" autoCapitalize="characters" maxLength={40} placeholder="e.g. RIVER-WELCOME-25" />
          </FormField>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Adding…' : 'Add code'}
          </button>
        </form>
      </section>
      {codes.length === 0 ? (
        <Empty title="No gift codes yet">
          <p>
            When someone sends you a gift, add its code here. Want to give one? <a href="/gifts">Browse gifts</a>.
          </p>
        </Empty>
      ) : (
        <ul className="acct-gifts">
          {codes.map((g) => (
            <li key={g.id}>
              <a href={`/account/gift-codes/${g.id}`} className="acct-gift" data-gift-code={g.code}>
                <span className="acct-gift__amount">{formatCredit(g.amount)}</span>
                {g.converted && <Conversion amount={g.amount} converted={g.converted} />}
                <span className="acct-gift__code">{g.code}</span>
                <span className="acct-muted">{g.senderName ? `From ${g.senderName}` : 'Gift code'}</span>
                <span className={g.status === 'active' ? 'acct-tag acct-tag--ok' : 'acct-tag'}>{STATUS[g.status]}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function GiftCodeDetail({ id }: { id: string }) {
  const { state, set } = useApi(() => giftCode(id), `gift-code:${id}`);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (state.status === 'loading') return <Loading label="Loading the gift code…" />;
  if (state.status === 'error') {
    return state.notFound ? (
      <div className="acct-section">
        <SectionHead title="Gift code not found" lede="It may have been removed from your account, or the address is mistyped." />
        <a className="button button--quiet" href="/account/gift-codes">
          Back to your gifts
        </a>
      </div>
    ) : (
      <Problem text={state.error} />
    );
  }
  const g = state.data;
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="acct-section">
      <p>
        <a className="auth-link" href="/account/gift-codes">
          ← Your gifts
        </a>
      </p>
      <SectionHead title={`${formatCredit(g.amount)} gift`} lede={g.senderName ? `From ${g.senderName}` : undefined} />
      <section className="acct-panel acct-gift-detail">
        {g.message && <blockquote className="acct-quote">{g.message}</blockquote>}
        <dl className="acct-facts">
          <div>
            <dt>Code</dt>
            <dd className="acct-gift__code">{g.code}</dd>
          </div>
          {g.converted && (
            <div>
              <dt>In your credit currency</dt>
              <dd>
                <Conversion amount={g.amount} converted={g.converted} />
              </dd>
            </div>
          )}
          <div>
            <dt>Status</dt>
            <dd data-gift-status="">{STATUS[g.status]}</dd>
          </div>
          <div>
            <dt>Valid until</dt>
            <dd>{formatDay(g.expiresAt)}</dd>
          </div>
          {g.redeemedAt && (
            <div>
              <dt>{g.status === 'used' ? 'Used' : 'Added to credit'}</dt>
              <dd>{formatDay(g.redeemedAt)}</dd>
            </div>
          )}
        </dl>
        {message && <p className={message.ok ? 'acct-ok' : 'auth-error'} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
        {g.status === 'active' && (
          <div className="acct-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const { data } = await redeemGiftCode(g.id);
                  set(data.giftCode);
                  setMessage({ ok: true, text: `Added to your credit. Your balance is ${formatCredit(data.balance)}.` });
                })
              }
            >
              Add to my credit
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  await removeGiftCode(g.id);
                  location.assign('/account/gift-codes');
                })
              }
            >
              Remove from my account
            </button>
          </div>
        )}
        <p className="acct-muted">You can also apply an active code at checkout.</p>
      </section>
    </div>
  );
}
