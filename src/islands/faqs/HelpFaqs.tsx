// The help centre's finder (/help, ADR 39): topic chips and a search box over the site-wide
// FAQs. The page renders every question grouped by topic as plain HTML (the island's children),
// so it reads completely without JavaScript; the island hydrates on the first interaction
// (ADR 5; a chip tapped before that is replayed) and then narrows with GET /faqs/filter,
// showing the matching answers with their count, or an empty state.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import { filterFaqs } from '../../api-client/faqs.ts';
import type { Faq, FaqTopic } from '../../contract/faqs.ts';
import { resultSummary, type TopicCount } from '../../lib/help-faqs.ts';
import './help.css';

type Props = { topics: TopicCount[]; total: number; children?: ReactNode };
type Narrow = { topic: FaqTopic | null; q: string };
type Found = { narrow: Narrow; faqs: Faq[]; total: number };

/** Typing waits this long for the next key before it searches (spec §8's search debounce). */
const TYPING_PAUSE_MS = 400;
/** The filter answers at most this many at once; the general FAQs are far fewer. */
const PER = 100;

export default function HelpFaqs({ topics: initialTopics, total: initialTotal, children }: Props) {
  const [topics, setTopics] = useState(initialTopics);
  const [topic, setTopic] = useState<FaqTopic | null>(null);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);

  const search = async (narrow: Narrow) => {
    if (typing.current) clearTimeout(typing.current);
    const words = narrow.q.trim();
    const n = ++asked.current;
    setError(null);
    if (narrow.topic === null && words === '') {
      setFound(null);
      setBusy(false);
      return;
    }
    setBusy(true);
    try {
      const { data } = await filterFaqs({ topic: narrow.topic ?? undefined, q: words || undefined, per: PER });
      if (n !== asked.current) return; // a newer search is on its way
      setFound({ narrow: { topic: narrow.topic, q: words }, faqs: data.faqs, total: data.pagination.totalCount });
      setTopics(data.topics);
    } catch (err) {
      if (n !== asked.current) return;
      setError(errorMessage(err));
    }
    setBusy(false);
  };

  useEffect(() => () => {
    if (typing.current) clearTimeout(typing.current);
  }, []);

  const pick = (next: FaqTopic | null) => {
    setTopic(next);
    void search({ topic: next, q });
  };
  const type = (text: string) => {
    setQ(text);
    if (typing.current) clearTimeout(typing.current);
    typing.current = setTimeout(() => void search({ topic, q: text }), TYPING_PAUSE_MS);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search({ topic, q });
  };
  const clear = () => {
    setQ('');
    setTopic(null);
    void search({ topic: null, q: '' });
  };

  const label = (t: FaqTopic | null) => topics.find((x) => x.topic === t)?.label;
  const all = topics.reduce((n, t) => n + t.count, 0) || initialTotal;
  const showing = found !== null;

  return (
    <div className="help-finder">
      <form className="help-finder__form" role="search" aria-label="Search the help centre" onSubmit={submit}>
        <label htmlFor="help-q" className="visually-hidden">
          Search the questions
        </label>
        <div className="help-finder__query">
          <svg className="help-finder__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" />
            <path d="m16 16 4.5 4.5" />
          </svg>
          <input id="help-q" name="q" type="search" placeholder="Search all questions" autoComplete="off" enterKeyHint="search" maxLength={100} value={q} onChange={(e) => type(e.target.value)} />
          <button type="submit" className="button help-finder__go">
            Search
          </button>
        </div>
      </form>

      <div className="help-finder__topics" role="group" aria-label="Topics">
        <button type="button" className="help-chip" aria-pressed={topic === null} onClick={() => pick(null)}>
          All topics <span className="help-chip__count">{all}</span>
        </button>
        {topics.map((t) => (
          <button key={t.topic} type="button" className="help-chip" aria-pressed={topic === t.topic} data-topic={t.topic} onClick={() => pick(t.topic)}>
            {t.label} <span className="help-chip__count">{t.count}</span>
          </button>
        ))}
      </div>

      <div className="help-finder__status-row">
        <p className="help-finder__status" role="status" aria-live="polite">
          {busy ? 'Searching…' : found ? resultSummary(found.total, { label: found.narrow.topic ? label(found.narrow.topic) : undefined, q: found.narrow.q }) : ''}
        </p>
        {showing && (
          <button type="button" className="help-finder__clear" onClick={clear}>
            Show all questions
          </button>
        )}
      </div>
      {error && (
        <p className="help-finder__error" role="alert">
          {error}
        </p>
      )}

      {found && found.faqs.length > 0 && <h2 id="help-results-title" className="visually-hidden">Matching answers</h2>}
      {found && found.faqs.length > 0 && (
        <ul role="list" className="help-results" aria-labelledby="help-results-title">
          {found.faqs.map((f) => (
            <li key={f.id} className="help-results__item" data-faq={f.id}>
              <p className="help-results__topic">{label(f.topic) ?? f.topic}</p>
              <h3 className="help-results__question">{f.question}</h3>
              <p className="help-results__answer">{f.answer}</p>
            </li>
          ))}
        </ul>
      )}
      {found && found.faqs.length === 0 && (
        <div className="help-empty">
          <h2>
            No answers match {found.narrow.q ? `“${found.narrow.q}”` : 'this topic'}
            {found.narrow.q && found.narrow.topic ? ` in ${label(found.narrow.topic)}` : ''}
          </h2>
          <p>Try fewer or other words, or look in all topics. Still stuck? Our team in Singapore answers every message.</p>
          <div className="help-empty__actions">
            <button type="button" className="button button--ghost" onClick={clear}>
              Show all questions
            </button>
            <a className="button" href="/contact">
              Contact us
            </a>
          </div>
        </div>
      )}

      <div className="help-finder__all" hidden={showing}>
        {children}
      </div>
    </div>
  );
}
