// "Ask the operator a question" on an experience page (ADR 39): pre-rendered with the page,
// hydrated on the first interaction. A signed-in traveller asks; their questions on this
// experience are listed with their state, and a question still waiting for its answer can be
// changed or withdrawn. The answered ones are on the page itself, published with it.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { askedQuestions, askQuestion, deleteQuestion, editQuestion } from '../../api-client/faqs.ts';
import { FAQ_TOPIC_LABELS, FAQ_TOPICS, QUESTION_MAX, type AskedQuestion, type FaqTopic } from '../../contract/faqs.ts';
import { openLoginModal } from '../../stores/ui.ts';
import { useSessionUser } from '../header/use-session-user.ts';
import './faqs.css';

type Props = { slugCode: string; operatorName: string };

function Mine({ q, onChange, onGone }: { q: AskedQuestion; onChange: (q: AskedQuestion) => void; onGone: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(q.question);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields['question'] ?? err.message) : errorMessage(err));
    }
    setBusy(false);
  };
  const waiting = q.status === 'awaiting_answer';
  return (
    <li className="faq-mine__item" data-question={q.id}>
      <p className="faq-mine__state">{waiting ? 'Waiting for the operator’s answer' : 'Answered'}</p>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              onChange((await editQuestion(q.id, { question: text })).data.question);
              setEditing(false);
            });
          }}
        >
          <label className="visually-hidden" htmlFor={`faq-edit-${q.id}`}>
            Your question
          </label>
          <textarea id={`faq-edit-${q.id}`} value={text} rows={3} maxLength={QUESTION_MAX} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `faq-edit-${q.id}-error` : undefined} />
          <div className="faq-mine__tools">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Saving…' : 'Save question'}
            </button>
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className="faq-mine__question">{q.question}</p>
      )}
      {q.answer && <p className="faq-mine__answer">{q.answer}</p>}
      {waiting && !editing && (
        <div className="faq-mine__tools">
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run(async () => (await deleteQuestion(q.id), onGone()))}>
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert" id={`faq-edit-${q.id}-error`}>
          {error}
        </p>
      )}
    </li>
  );
}

export default function AskQuestion({ slugCode, operatorName }: Props) {
  const user = useSessionUser();
  const [mine, setMine] = useState<AskedQuestion[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!user) return setMine(null);
    let live = true;
    askedQuestions(slugCode)
      .then(({ data }) => live && setMine(data.questions))
      .catch((err: unknown) => {
        console.error('Could not load your questions', err);
        if (live) setError({ message: `Your earlier questions could not be loaded: ${errorMessage(err)}`, field: null });
      });
    return () => {
      live = false;
    };
  }, [user, slugCode]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!user) return openLoginModal();
    if (busy) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setError(null);
    setDone(false);
    askQuestion({ option: slugCode, question: String(data.get('question') ?? ''), topic: String(data.get('topic') ?? 'general') as FaqTopic })
      .then(({ data: answer }) => {
        setMine((m) => [answer.question, ...(m ?? [])]);
        form.reset();
        setDone(true);
      })
      .catch((err: unknown) => {
        const field = err instanceof ApiError ? (err.fields['question'] ?? err.fields['topic'] ?? null) : null;
        setError({ message: errorMessage(err), field });
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="faq-ask">
      <h3 className="faq-ask__title">Ask {operatorName} a question</h3>
      <p className="faq-ask__lede">The operator answers here for every traveller; we e-mail you when they do.</p>
      <form className="faq-ask__form" onSubmit={submit} noValidate>
        <label className="faq-ask__label" htmlFor="faq-question">
          Your question
        </label>
        <textarea id="faq-question" name="question" rows={3} maxLength={QUESTION_MAX} placeholder="Is it suitable for children? Where do we meet?" aria-invalid={error?.field ? true : undefined} aria-describedby={error ? 'faq-question-error' : undefined} />
        <div className="faq-ask__row">
          <label className="faq-ask__label" htmlFor="faq-topic">
            Topic
          </label>
          <select id="faq-topic" name="topic" defaultValue="general">
            {FAQ_TOPICS.map((t) => (
              <option key={t} value={t}>
                {FAQ_TOPIC_LABELS[t]}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending…' : user ? 'Ask the operator' : 'Log in to ask'}
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert" id="faq-question-error">
            {error.field ?? error.message}
          </p>
        )}
        {done && (
          <p className="faq-ask__done" role="status">
            Thank you: your question is with the operator.
          </p>
        )}
      </form>
      {mine && mine.length > 0 && (
        <section className="faq-mine" aria-labelledby="faq-mine-title">
          <h3 id="faq-mine-title" className="faq-ask__title">
            Your questions
          </h3>
          <ul role="list">
            {mine.map((q) => (
              <Mine key={q.id} q={q} onChange={(n) => setMine((m) => (m ?? []).map((x) => (x.id === n.id ? n : x)))} onGone={() => setMine((m) => (m ?? []).filter((x) => x.id !== q.id))} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
