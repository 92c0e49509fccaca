// Travellers' questions about the operator's experiences (ADR 39): the waiting ones first asked
// first, each answered in place; the answer goes on the experience page for every traveller (the
// page is published again) and the asker is e-mailed. Answered ones can be corrected.
import { Pager } from '../admin/parts.tsx';
import { useState } from 'react';
import { answerQuestion, partnerQuestions } from '../../api-client/faqs.ts';
import { ANSWER_MAX, FAQ_TOPIC_LABELS, type PartnerQuestion } from '../../contract/faqs.ts';
import { formatDate } from '../../lib/format-date.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { Field, FormProblem, useFormCall, type Opened } from './parts.tsx';

const PER = 20;
const TABS = [
  ['awaiting_answer', 'Waiting for you'],
  ['answered', 'Answered'],
] as const;

function QuestionCard({ q, slug, onAnswered }: { q: PartnerQuestion; slug: string; onAnswered: (q: PartnerQuestion) => void }) {
  const [answer, setAnswer] = useState(q.answer ?? '');
  const [editing, setEditing] = useState(q.answer === null);
  const { busy, error, run } = useFormCall('answer');
  const id = `ptn-answer-${q.id}`;
  return (
    <li className="adm-card ptn-question" data-question={q.id}>
      <p className="ptn-sub">
        <a href={`/experiences/${q.option.slugCode}#questions`} target="_blank" rel="noopener">
          {q.option.name}
        </a>{' '}
        · {FAQ_TOPIC_LABELS[q.topic]} · {q.askerName} asked on {formatDate(q.askedAt)}
      </p>
      <p className="ptn-question__text">{q.question}</p>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              const { data } = await answerQuestion(slug, q.id, { answer });
              onAnswered(data.question);
              setEditing(false);
            });
          }}
          noValidate
        >
          <Field id={id} label="Your answer" hint="It shows on the experience page for every traveller." error={error} control={(aria) => <textarea id={id} rows={4} value={answer} maxLength={ANSWER_MAX} disabled={busy} {...aria} onChange={(e) => setAnswer(e.target.value)} />} />
          <FormProblem error={error} />
          <div className="adm-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Publishing…' : 'Publish answer'}
            </button>
            {q.answer !== null && (
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      ) : (
        <>
          <p className="ptn-question__answer">{q.answer}</p>
          <p className="ptn-sub">
            Answered {q.answeredAt ? formatDate(q.answeredAt) : ''} · on the experience page
            {' · '}
            <button type="button" className="ptn-link" onClick={() => setEditing(true)}>
              Edit the answer
            </button>
          </p>
        </>
      )}
    </li>
  );
}

export default function Questions({ opened }: { opened: Opened }) {
  const slug = opened.operator.slug;
  const [status, setStatus] = useState<'awaiting_answer' | 'answered'>('awaiting_answer');
  const [page, setPage] = useState(1);
  const list = useApi(() => partnerQuestions(slug, { status, page, per: PER }), `${slug}:${status}:${page}`);
  const [done, setDone] = useState<string | null>(null);

  const data = list.state.status === 'ready' ? list.state.data : null;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Questions</h1>
          <p className="ptn-sub">Travellers ask about {opened.operator.name}’s experiences before they book. Your answers show on the experience pages for everyone.</p>
        </div>
      </header>
      <div className="ptn-tabs" role="group" aria-label="Which questions">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={`button ${status === key ? '' : 'button--ghost'}`}
            aria-pressed={status === key}
            onClick={() => {
              setStatus(key);
              setPage(1);
              setDone(null);
            }}
          >
            {label}
            {key === 'awaiting_answer' && data ? ` (${data.awaitingCount})` : ''}
          </button>
        ))}
      </div>
      {done && (
        <div className="adm-alert adm-alert--ok" role="status">
          <p>{done}</p>
        </div>
      )}
      {list.state.status === 'loading' && <Loading label="Loading the questions…" />}
      {list.state.status === 'error' && <Problem text={list.state.error} onRetry={list.reload} />}
      {data && data.questions.length === 0 && (
        <div className="adm-card ptn-question">
          <p>{status === 'awaiting_answer' ? 'No question is waiting for an answer. New ones are e-mailed to you too.' : 'No answered questions yet.'}</p>
        </div>
      )}
      {data && data.questions.length > 0 && (
        <ul role="list" className="ptn-questions">
          {data.questions.map((q) => (
            <QuestionCard
              key={q.id}
              q={q}
              slug={slug}
              onAnswered={(n) => {
                setDone(`Answer published: it will be on the page of ${n.option.name} in a minute or two.`);
                if (status === 'awaiting_answer') list.set({ ...data, questions: data.questions.filter((x) => x.id !== n.id), awaitingCount: Math.max(0, data.awaitingCount - 1) });
              }}
            />
          ))}
        </ul>
      )}
      {data && data.pagination.totalPages > 1 && <Pager page={data.pagination.currentPage} pages={data.pagination.totalPages} onPage={setPage} />}
    </section>
  );
}
