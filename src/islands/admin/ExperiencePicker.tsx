// Experiences chosen by search, in order (a collection's experiences, an itinerary day's): each
// row shows the experience's name, can be moved up or down or removed, and may carry the kind's
// own control (a collection's category). New ones are found by name, address, city or number
// through the experiences list call.
import { useEffect, useId, useState } from 'react';
import { adminExperiences } from '../../api-client/admin.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { AdminExperienceRow } from '../../contract/admin.ts';
import { moveItem } from './RecordEditor.tsx';

type Props<T> = {
  /** "Experiences in this collection", "Experiences on day 2". */
  label: string;
  items: T[];
  idOf: (item: T) => number;
  make: (id: number) => T;
  onChange: (items: T[]) => void;
  /** Names by id (the view's, plus those picked since). */
  names: Record<string, string>;
  onPicked: (id: number, name: string) => void;
  /** A row's error (its path's), and the list's. */
  rowError: (i: number) => string | undefined;
  error?: string | undefined;
  /** The kind's own control on a row. */
  extra?: (item: T, i: number) => React.ReactNode;
  max: number;
};

export function ExperiencePicker<T>({ label, items, idOf, make, onChange, names, onPicked, rowError, error, extra, max }: Props<T>) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<AdminExperienceRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const searchId = useId();
  const chosen = new Set(items.map(idOf));

  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) {
      setFound(null);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      adminExperiences({ q: text, per: 8, sort: 'name_asc' }).then(
        ({ data }) => {
          if (!live) return;
          setFound(data.items);
          setProblem(null);
        },
        (err: unknown) => {
          if (live) setProblem(errorMessage(err));
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [q]);

  const name = (id: number) => names[String(id)] ?? `Experience ${id}`;
  return (
    <div className="adm-picker adm-field--wide">
      <p className="adm-field__label">{label}</p>
      {items.length === 0 && <p className="muted">None yet: find experiences below.</p>}
      <ol className="adm-picker__list" role="list">
        {items.map((item, i) => (
          <li key={idOf(item)} className="adm-picker__row">
            <span className="adm-picker__name">
              <strong>{name(idOf(item))}</strong>
              <span className="adm-sub">No. {idOf(item)}</span>
              {rowError(i) && (
                <span className="adm-field__error" role="alert">
                  {rowError(i)}
                </span>
              )}
            </span>
            {extra?.(item, i)}
            <span className="adm-images__tools">
              <button type="button" disabled={i === 0} onClick={() => onChange(moveItem(items, i, -1))} aria-label={`Move ${name(idOf(item))} up`}>
                ↑
              </button>
              <button type="button" disabled={i === items.length - 1} onClick={() => onChange(moveItem(items, i, 1))} aria-label={`Move ${name(idOf(item))} down`}>
                ↓
              </button>
              <button type="button" onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`Remove ${name(idOf(item))}`}>
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      {error && <p className="adm-field__error">{error}</p>}
      <div className="adm-field adm-picker__search">
        <label htmlFor={searchId} className="adm-field__label">
          Add an experience
        </label>
        <input id={searchId} type="search" value={q} placeholder="Search by name, address, city or number" onChange={(e) => setQ(e.target.value)} />
        {problem && (
          <p className="adm-field__error" role="alert">
            The search failed: {problem}
          </p>
        )}
        {found && found.length === 0 && <p className="muted">No experience matches “{q.trim()}”.</p>}
        {found && found.length > 0 && (
          <ul className="adm-picker__found" role="list" aria-label="Matching experiences">
            {found.map((o) => (
              <li key={o.id}>
                <span>
                  <strong>{o.name}</strong>
                  <span className="adm-sub">
                    {o.city}, {o.country} · No. {o.id}
                    {o.status === 'unpublished' ? ' · not on the site' : ''}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={chosen.has(o.id) || items.length >= max}
                  onClick={() => {
                    onPicked(o.id, o.name);
                    onChange([...items, make(o.id)]);
                  }}
                >
                  {chosen.has(o.id) ? 'Added' : 'Add'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
