// The parts every back-office list shares (experiences, articles): filters kept in the address (so
// a list can be shared and survives a reload), search as the editor types, the toolbar's selects,
// the table's loading state, an empty state that clears the filters, and the pager.
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import type { EditStatus } from '../../contract/admin.ts';
import { formatDate } from '../../lib/format-date.ts';
import { imageUrl } from '../../lib/format-image.ts';
import { Pager, StatusBadge } from './parts.tsx';

export const LIST_PER = 25;

type BaseFilters = { q: string; sort: string; page: number };

/** A list's filters from their defaults: read from and written to the address (snake_case names, only what differs from the default), and the API query. */
export function listFilters<D extends { q: string; sort: string } & Record<string, string>>(defaults: D) {
  type F = D & { page: number };
  const wire = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const keys = Object.keys(defaults);
  const text = (f: F) => f as unknown as Record<string, string>;
  return {
    read: (p: URLSearchParams): F => ({ ...Object.fromEntries(keys.map((k) => [k, p.get(wire(k)) ?? defaults[k]])), page: Math.max(1, Number(p.get('page')) || 1) }) as F,
    write: (f: F): Record<string, string> => ({
      ...Object.fromEntries(keys.filter((k) => text(f)[k] !== defaults[k]).map((k) => [wire(k), text(f)[k]!])),
      ...(f.page > 1 ? { page: String(f.page) } : {}),
    }),
    /** The list call's query: the filters that are set (`…Id` as numbers), the page and LIST_PER. */
    query: (f: F) => ({ ...Object.fromEntries(keys.filter((k) => text(f)[k] !== '').map((k) => [k, k.endsWith('Id') ? Number(text(f)[k]) : text(f)[k]])), page: f.page, per: LIST_PER }),
  };
}

type ListOptions<F extends BaseFilters, D> = {
  /** The list's address (`/admin/experiences`). */
  path: string;
  /** Filters from the address's query (listFilters); `clear` keeps the sort and drops the rest. */
  read: (p: URLSearchParams) => F;
  write: (f: F) => Record<string, string>;
  load: (f: F) => Promise<{ data: D }>;
};

export function useAdminList<F extends BaseFilters, D extends { total: number }>({ path, read, write, load }: ListOptions<F, D>) {
  const [filters, setFilters] = useState<F>(() => read(new URLSearchParams(location.search)));
  const [typed, setTyped] = useState(filters.q);
  const [data, setData] = useState<D | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  // Search as the editor types, a moment after the last key.
  useEffect(() => {
    if (typed.trim() === filters.q) return;
    const t = setTimeout(() => setFilters((f) => ({ ...f, q: typed.trim(), page: 1 })), 300);
    return () => clearTimeout(t);
  }, [typed, filters.q]);

  useEffect(() => {
    const qs = new URLSearchParams(write(filters)).toString();
    history.replaceState(null, '', `${path}${qs ? `?${qs}` : ''}`);
    let live = true;
    setLoading(true);
    load(filters).then(
      ({ data: d }) => {
        if (!live) return;
        setData(d);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setError(errorMessage(err));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [filters]);

  return {
    filters,
    typed,
    setTyped,
    data,
    error,
    loading,
    pages: data ? Math.max(1, Math.ceil(data.total / LIST_PER)) : 1,
    /** Changes filters and goes back to the first page. */
    set: (patch: Partial<F>) => setFilters((f) => ({ ...f, page: 1, ...patch })),
    goTo: (page: number) => setFilters((f) => ({ ...f, page })),
    clear: () => {
      setTyped('');
      setFilters((f) => ({ ...read(new URLSearchParams()), sort: f.sort }));
    },
  };
}

export function FilterSelect({ label, value, choices, onChange }: { label: string; value: string; choices: readonly (readonly [string, string])[]; onChange: (v: string) => void }) {
  return (
    <label className="adm-select">
      <span className="visually-hidden">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

export const STATUS_CHOICES = [
  ['all', 'Any status'],
  ['published', 'Published'],
  ['changed', 'Unpublished changes'],
  ['scheduled', 'Scheduled'],
  ['unpublished', 'Unpublished'],
] as const;

type ListState = ReturnType<typeof useAdminList<BaseFilters, { total: number }>>;

/** The card of a list: toolbar (search and the `filters`), error, table, empty state, pager. */
export function ListCard({ list, searchLabel, searchPlaceholder, filters, columns, empty, count, children }: {
  list: Pick<ListState, 'typed' | 'setTyped' | 'error' | 'loading' | 'filters' | 'pages' | 'goTo' | 'clear'>;
  searchLabel: string;
  searchPlaceholder: string;
  filters: React.ReactNode;
  /** The table's columns: heading and class (the class hides a column on narrow screens). */
  columns: readonly (readonly [string, string?])[];
  /** "No articles match" */
  empty: string;
  /** Rows on this page (null while the first page loads). */
  count: number | null;
  /** The rows (RecordRow). */
  children: React.ReactNode;
}) {
  const page = list.filters.page;
  return (
    <div className="adm-card adm-list">
      <div className="adm-toolbar" role="search">
        <label className="adm-search">
          <span className="visually-hidden">{searchLabel}</span>
          <input type="search" value={list.typed} placeholder={searchPlaceholder} onChange={(e) => list.setTyped(e.target.value)} />
        </label>
        {filters}
      </div>

      {list.error && (
        <p className="adm-alert adm-alert--error" role="alert">
          {list.error}
        </p>
      )}
      <div className="adm-table" aria-busy={list.loading}>
        <table>
          <ColumnHeads columns={columns} />
          <tbody>{children}</tbody>
        </table>
        {count === 0 && (
          <div className="adm-empty">
            <p className="adm-empty__title">{empty}</p>
            <button type="button" className="button button--ghost" onClick={list.clear}>
              Clear search and filters
            </button>
          </div>
        )}
      </div>
      <Pager page={page} pages={list.pages} onPage={list.goTo} />
    </div>
  );
}

/** A back-office table's head: each column's heading and class (which may hide it on a phone). */
export function ColumnHeads({ columns }: { columns: readonly (readonly [string, string?])[] }) {
  return (
    <thead>
      <tr>
        {columns.map(([label, className]) => (
          <th key={label} scope="col" className={className}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * One record's row: its thumbnail, name and a line under it (linking to its edit screen), the
 * list's own cells (`children`), its status and when it was last edited.
 */
export function RecordRow({ href, image, title, sub, status, scheduledAt, updatedAt, children }: {
  href: string;
  /** The thumbnail (null: a blank one); false: records of this kind have no image. */
  image: string | null | undefined | false;
  title: string;
  sub: React.ReactNode;
  status: EditStatus;
  scheduledAt?: string | null;
  updatedAt: string;
  children: React.ReactNode;
}) {
  return (
    <tr>
      <td>
        <a className="adm-rowlink" href={href}>
          {image ? <img src={imageUrl(image, 96)} alt="" width="48" height="36" loading="lazy" /> : image !== false && <span className="adm-thumb" />}
          <span>
            <strong>{title}</strong>
            <span className="adm-sub">{sub}</span>
          </span>
        </a>
      </td>
      {children}
      <td>
        <StatusBadge status={status} scheduledAt={scheduledAt ?? null} />
      </td>
      <td className="adm-col-date">{formatDate(updatedAt)}</td>
    </tr>
  );
}

