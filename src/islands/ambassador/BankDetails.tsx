// /ambassador/bank-details (accounts shown masked, deleted with a confirmation) and
// /ambassador/bank-details/add (fields named and checked by the bank's country).
import { useState, type FormEvent } from 'react';
import { addBankAccount, bankAccounts, deleteBankAccount } from '../../api-client/ambassador.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { BankAccount } from '../../contract/ambassador.ts';
import { formatDay } from '../../lib/account-format.ts';
import { BANK_RULES, bankAccountProblems } from '../../lib/bank-account.ts';
import { Empty, Loading, Problem, SectionHead } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import FormField from '../forms/FormField.tsx';

function Account({ a, onDeleted }: { a: BankAccount; onDeleted: () => void }) {
  const [state, setState] = useState<'idle' | 'confirm' | 'busy' | { error: string }>('idle');
  const remove = async () => {
    setState('busy');
    try {
      await deleteBankAccount(a.id);
      onDeleted();
    } catch (e) {
      setState({ error: errorMessage(e) });
    }
  };
  return (
    <li className="amb-bank" data-bank-id={a.id}>
      <div>
        <p>
          <strong>{a.bankName}</strong> · {BANK_RULES[a.country]?.name ?? a.country} · {a.currency}
        </p>
        <p>
          {a.accountHolder} · <span className="amb-bank__number">{a.maskedAccountNumber}</span>
        </p>
        <p className="acct-muted">Added {formatDay(a.createdAt)}</p>
      </div>
      <div className="acct-actions">
        {state === 'confirm' ? (
          <>
            <button type="button" className="button acct-danger" onClick={() => void remove()}>
              Yes, delete
            </button>
            <button type="button" className="auth-link" onClick={() => setState('idle')}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="button button--quiet" onClick={() => setState('confirm')} disabled={state === 'busy'} aria-label={`Delete the account ending ${a.maskedAccountNumber.slice(-4)}`}>
            Delete
          </button>
        )}
        {typeof state === 'object' && (
          <p className="auth-error" role="alert">
            {state.error}
          </p>
        )}
      </div>
    </li>
  );
}

export function BankDetails() {
  const { state, reload } = useApi(bankAccounts, 'banks');
  return (
    <div className="acct-section">
      <SectionHead title="Bank details" lede="Where we send your payouts. We show only the last four digits of each account.">
        <a className="button" href="/ambassador/bank-details/add">
          Add bank details
        </a>
      </SectionHead>
      {state.status === 'loading' && <Loading label="Loading your bank details…" />}
      {state.status === 'error' && <Problem text={state.error} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.bankAccounts.length === 0 ? (
          <Empty title="No bank details yet">
            <p>Add an account so we can pay your statements.</p>
          </Empty>
        ) : (
          <ul className="amb-banks" role="list">
            {state.data.bankAccounts.map((a) => (
              <Account key={a.id} a={a} onDeleted={reload} />
            ))}
          </ul>
        ))}
    </div>
  );
}

type AddState = { kind: 'idle' | 'busy' } | { kind: 'error'; text: string; fields: Record<string, string> };

export function AddBankAccount() {
  const [country, setCountry] = useState('SG');
  const [state, setState] = useState<AddState>({ kind: 'idle' });
  const rule = BANK_RULES[country]!;
  const err = (k: string) => (state.kind === 'error' ? state.fields[k] : undefined);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body = {
      country,
      accountHolder: String(f.get('accountHolder') ?? ''),
      bankName: String(f.get('bankName') ?? ''),
      accountNumber: String(f.get('accountNumber') ?? ''),
      routingCode: rule.routing ? String(f.get('routingCode') ?? '') : null,
      swiftCode: String(f.get('swiftCode') ?? '') || null,
    };
    const local = bankAccountProblems(body);
    if (Object.keys(local).length) {
      setState({ kind: 'error', text: 'Please check the highlighted fields.', fields: local });
      return;
    }
    setState({ kind: 'busy' });
    try {
      await addBankAccount(body);
      location.assign('/ambassador/bank-details');
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error), fields: error instanceof ApiError ? error.fields : {} });
    }
  }

  return (
    <div className="acct-section">
      <SectionHead title="Add bank details" lede="Payouts go by bank transfer in your bank's currency. The fields follow your bank's country." />
      <section className="acct-panel">
        <form className="auth-form amb-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={state.kind === 'busy'}>
          <FormField label="Bank's country" error={err('country')}>
            <select name="country" value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
              {Object.entries(BANK_RULES)
                .sort((a, b) => a[1].name.localeCompare(b[1].name))
                .map(([code, r]) => (
                  <option key={code} value={code}>
                    {r.name}
                  </option>
                ))}
            </select>
          </FormField>
          <FormField label="Name on the account" error={err('accountHolder')}>
            <input name="accountHolder" type="text" autoComplete="name" maxLength={120} />
          </FormField>
          <FormField label="Bank name" error={err('bankName')}>
            <input name="bankName" type="text" maxLength={120} />
          </FormField>
          <FormField label={rule.account.label} hint={rule.account.hint} error={err('accountNumber')}>
            <input key={`acc-${country}`} name="accountNumber" type="text" inputMode={rule.iban ? 'text' : 'numeric'} autoComplete="off" maxLength={60} />
          </FormField>
          {rule.routing ? (
            <FormField label={rule.routing.label} hint={rule.routing.hint} error={err('routingCode')}>
              <input key={`rt-${country}`} name="routingCode" type="text" autoComplete="off" maxLength={30} />
            </FormField>
          ) : null}
          <FormField label="SWIFT/BIC" optional hint="8 or 11 characters, like DBSSSGSG" error={err('swiftCode')}>
            <input name="swiftCode" type="text" autoComplete="off" maxLength={20} />
          </FormField>
          {state.kind === 'error' && (
            <p className="auth-error" role="alert">
              {state.text}
            </p>
          )}
          <p className="account-shell__actions">
            <button type="submit" className="button" disabled={state.kind === 'busy'}>
              {state.kind === 'busy' ? 'Saving…' : 'Save bank details'}
            </button>
            <a className="text-link" href="/ambassador/bank-details">
              Cancel
            </a>
          </p>
        </form>
      </section>
    </div>
  );
}
