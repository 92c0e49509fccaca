// "Report a problem" with an experience (ADR 39): the dialog is in the page's HTML (the trigger
// opens it before React loads, ADR 27); this island sends the report. Guests may report too.
import { useState, type FormEvent } from 'react';
import { refusalOf } from '../../api-client/client.ts';
import { reportProblem } from '../../api-client/faqs.ts';
import { PROBLEM_DETAILS_MAX, PROBLEM_KIND_LABELS, PROBLEM_KINDS, type ProblemKind } from '../../contract/problem-reports.ts';
import './faqs.css';

export default function ReportProblem({ slugCode }: { slugCode: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const data = new FormData(e.currentTarget);
    const kind = data.get('kind');
    if (!kind) return setError({ message: 'Please choose what is wrong', fields: { kind: 'Please choose what is wrong' } });
    setBusy(true);
    setError(null);
    reportProblem({ option: slugCode, kind: String(kind) as ProblemKind, details: String(data.get('details') ?? ''), pageUrl: location.pathname })
      .then(({ data: answer }) => setSent(answer.reference))
      .catch((err: unknown) => setError(refusalOf(err)))
      .finally(() => setBusy(false));
  };

  if (sent) {
    return (
      <div className="report__done" role="status">
        <p>
          <strong>Thank you.</strong> Our team checks every report; yours is {sent}.
        </p>
      </div>
    );
  }
  return (
    <form className="report__form" onSubmit={submit} onChange={() => error && setError(null)} noValidate>
      <fieldset aria-describedby={error?.fields['kind'] ? 'report-kind-error' : undefined}>
        <legend>What is wrong?</legend>
        {PROBLEM_KINDS.map((k) => (
          <label key={k} className="report__kind">
            <input type="radio" name="kind" value={k} /> {PROBLEM_KIND_LABELS[k]}
          </label>
        ))}
      </fieldset>
      {error?.fields['kind'] && (
        <p className="form-error" id="report-kind-error">
          {error.fields['kind']}
        </p>
      )}
      <label className="faq-ask__label" htmlFor="report-details">
        Tell us more <span className="report__optional">(required for other problems)</span>
      </label>
      <textarea id="report-details" name="details" rows={3} maxLength={PROBLEM_DETAILS_MAX} aria-invalid={error?.fields['details'] ? true : undefined} aria-describedby={error?.fields['details'] ? 'report-details-error' : undefined} />
      {error?.fields['details'] && (
        <p className="form-error" id="report-details-error">
          {error.fields['details']}
        </p>
      )}
      {error && !error.fields['kind'] && !error.fields['details'] && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'Send report'}
      </button>
    </form>
  );
}
