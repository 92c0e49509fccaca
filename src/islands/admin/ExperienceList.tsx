// Experiences in the back-office: search, filters (status, kind, country), sort and pages, kept
// in the address so a list can be shared and survives a reload.
import { useEffect, useState } from 'react';
import { adminExperiences, adminReferences } from '../../api-client/admin.ts';
import type { AdminExperienceList, AdminExperienceListQuery } from '../../contract/admin.ts';
import { errorMessage } from '../../api-client/client.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { imageUrl } from '../../lib/format-image.ts';
import { formatPrice } from '../booking/money.ts';
import { Pager, StatusBadge } from './parts.tsx';

type Filters = { q: string; status: string; kind: string; countryId: string; sort: string; page: number };

const KINDS: [string, string][] = [
  ['', 'Every kind'],
  ['short_adventure', 'Short adventure'],
  ['adventure', 'Adventure'],
  ['flexible_adventure', 'Flexible adventure'],
  ['stay', 'Stay'],
];
const STATUSES: [string, string][] = [
  ['all', 'Any status'],
  ['published', 'Published'],
  ['changed', 'Unpublished changes'],
  ['scheduled', 'Scheduled'],
  ['unpublished', 'Unpublished'],
];
const SORTS: [string, string][] = [
  ['updated_desc', 'Last edited'],
  ['updated_asc', 'Least recently edited'],
  ['name_asc', 'Name A–Z'],
  ['name_desc', 'Name Z–A'],
  ['price_asc', 'Price, low to high'],
  ['price_desc', 'Price, high to low'],
];
const PER = 25;

function readFilters(): Filters {
  const p = new URLSearchParams(location.search);
  return { q: p.get('q') ?? '', status: p.get('status') ?? 'all', kind: p.get('kind') ?? '', countryId: p.get('country_id') ?? '', sort: p.get('sort') ?? 'updated_desc', page: Math.max(1, Number(p.get('page')) || 1) };
}

function writeFilters(f: Filters) {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.status !== 'all') p.set('status', f.status);
  if (f.kind) p.set('kind', f.kind);
  if (f.countryId) p.set('country_id', f.countryId);
  if (f.sort !== 'updated_desc') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  const qs = p.toString();
  history.replaceState(null, '', `/admin/experiences${qs ? `?${qs}` : ''}`);
}

export default function ExperienceList() {
  const [filters, setFilters] = useState<Filters>(readFilters);
  const [typed, setTyped] = useState(filters.q);
  const [data, setData] = useState<AdminExperienceList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;

  // Search as the editor types, a moment after the last key.
  useEffect(() => {
    if (typed.trim() === filters.q) return;
    const t = setTimeout(() => setFilters((f) => ({ ...f, q: typed.trim(), page: 1 })), 300);
    return () => clearTimeout(t);
  }, [typed, filters.q]);

  useEffect(() => {
    writeFilters(filters);
    let live = true;
    setLoading(true);
    const query: AdminExperienceListQuery = {
      status: filters.status as NonNullable<AdminExperienceListQuery['status']>,
      sort: filters.sort as NonNullable<AdminExperienceListQuery['sort']>,
      page: filters.page,
      per: PER,
      ...(filters.q ? { q: filters.q } : {}),
      ...(filters.kind ? { kind: filters.kind as NonNullable<AdminExperienceListQuery['kind']> } : {}),
      ...(filters.countryId ? { countryId: Number(filters.countryId) } : {}),
    };
    adminExperiences(query).then(
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

  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const pages = data ? Math.max(1, Math.ceil(data.total / PER)) : 1;

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Experiences</h1>
          <p className="muted">{data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? 'experience' : 'experiences'}` : '\u00a0'}</p>
        </div>
      </header>

      {references.state.status === 'error' && <Problem text={`The country filter could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      <div className="adm-card adm-list">
        <div className="adm-toolbar" role="search">
          <label className="adm-search">
            <span className="visually-hidden">Search experiences</span>
            <input type="search" value={typed} placeholder="Search by name, address or city" onChange={(e) => setTyped(e.target.value)} />
          </label>
          <label className="adm-select">
            <span className="visually-hidden">Status</span>
            <select value={filters.status} onChange={(e) => set({ status: e.target.value })}>
              {STATUSES.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label className="adm-select">
            <span className="visually-hidden">Kind</span>
            <select value={filters.kind} onChange={(e) => set({ kind: e.target.value })}>
              {KINDS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label className="adm-select">
            <span className="visually-hidden">Country</span>
            <select value={filters.countryId} onChange={(e) => set({ countryId: e.target.value })}>
              <option value="">Every country</option>
              {refs?.countries.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="adm-select">
            <span className="visually-hidden">Sort</span>
            <select value={filters.sort} onChange={(e) => set({ sort: e.target.value })}>
              {SORTS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        </div>

        {error && (
          <p className="adm-alert adm-alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="adm-table" aria-busy={loading}>
          <table>
            <thead>
              <tr>
                <th scope="col">Experience</th>
                <th scope="col" className="adm-col-place">
                  Place
                </th>
                <th scope="col" className="adm-col-price">
                  From
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="adm-col-date">
                  Edited
                </th>
              </tr>
            </thead>
            <tbody>
              {data?.items.map((x) => (
                <tr key={x.id}>
                  <td>
                    <a className="adm-rowlink" href={`/admin/experiences/${x.id}`}>
                      {x.imageUrl ? <img src={imageUrl(x.imageUrl, 96)} alt="" width="48" height="36" loading="lazy" /> : <span className="adm-thumb" />}
                      <span>
                        <strong>{x.name}</strong>
                        <span className="adm-sub">/{x.slugCode}</span>
                      </span>
                    </a>
                  </td>
                  <td className="adm-col-place">
                    {x.city}, {x.country}
                  </td>
                  <td className="adm-col-price">{x.fromPrice ? formatPrice(x.fromPrice) : '—'}</td>
                  <td>
                    <StatusBadge status={x.status} scheduledAt={x.scheduledAt} />
                  </td>
                  <td className="adm-col-date">{new Date(x.updatedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.items.length === 0 && (
            <div className="adm-empty">
              <p className="adm-empty__title">No experiences match</p>
              <button type="button" className="button button--ghost" onClick={() => { setTyped(''); setFilters({ q: '', status: 'all', kind: '', countryId: '', sort: filters.sort, page: 1 }); }}>
                Clear search and filters
              </button>
            </div>
          )}
        </div>
        <Pager page={filters.page} pages={pages} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
      </div>
    </section>
  );
}
