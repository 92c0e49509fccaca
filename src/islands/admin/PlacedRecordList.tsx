// The list of a kind of record set in a country (travel itineraries, best-of lists; ADR 0035):
// search, status, country, sort and pages, kept in the address (AdminList.tsx), and one count
// column of the kind's own (days, picks).
import type { EditStatus } from '../../contract/admin.ts';
import { adminReferences } from '../../api-client/admin.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { FilterSelect, ListCard, listFilters, RecordRow, STATUS_CHOICES, useAdminList } from './AdminList.tsx';

export const TITLE_SORTS = [
  ['updated_desc', 'Last edited'],
  ['updated_asc', 'Least recently edited'],
  ['title_asc', 'Title A–Z'],
  ['title_desc', 'Title Z–A'],
] as const;

const FILTERS = listFilters({ q: '', status: 'all', countryId: '', sort: 'updated_desc' });
export type PlacedListQuery = ReturnType<typeof FILTERS.query>;

type Row = { id: number; title: string; slug: string; place: string; status: EditStatus; scheduledAt: string | null; updatedAt: string; imageUrl: string | null };

type Props<R extends Row> = {
  /** `/admin/itineraries`: the list's address, and its records' under it. */
  path: string;
  heading: string;
  /** The total's words: ['itinerary', 'itineraries']. */
  noun: readonly [string, string];
  sorts: readonly (readonly [string, string])[];
  /** The list call; the selects offer only the contract's values and the server checks them again (422). */
  load: (q: PlacedListQuery) => Promise<{ data: { items: R[]; total: number } }>;
  /** The public address of a record: `/itineraries`. */
  publicBase: string;
  /** The kind's count column: its heading and value. */
  count: readonly [string, (r: R) => number];
  /** A record set in no place. */
  nowhere?: string;
};

export function PlacedRecordList<R extends Row>({ path, heading, noun, sorts, load, publicBase, count: [countLabel, countOf], nowhere = '' }: Props<R>) {
  const list = useAdminList({ path, ...FILTERS, load: (f) => load(FILTERS.query(f)) });
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const { filters, data, set } = list;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>{heading}</h1>
          <p className="muted">{data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? noun[0] : noun[1]}` : '\u00a0'}</p>
        </div>
      </header>
      {references.state.status === 'error' && <Problem text={`The country filter could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      <ListCard
        list={list}
        searchLabel={`Search ${noun[1]}`}
        searchPlaceholder="Search by title, address or place"
        empty={`No ${noun[1]} match`}
        count={data ? data.items.length : null}
        columns={[[noun[0][0]!.toUpperCase() + noun[0].slice(1)], ['Place', 'adm-col-place'], [countLabel, 'adm-col-price'], ['Status'], ['Edited', 'adm-col-date']]}
        filters={
          <>
            <FilterSelect label="Status" value={filters.status} choices={STATUS_CHOICES} onChange={(status) => set({ status })} />
            <FilterSelect label="Country" value={filters.countryId} choices={[['', 'Every country'], ...(refs?.countries ?? []).map((c) => [String(c.id), c.name] as const)]} onChange={(countryId) => set({ countryId })} />
            <FilterSelect label="Sort" value={filters.sort} choices={sorts} onChange={(sort) => set({ sort })} />
          </>
        }
      >
        {data?.items.map((r) => (
          <RecordRow key={r.id} href={`${path}/${r.id}`} image={r.imageUrl} title={r.title} sub={`${publicBase}/${r.slug}`} status={r.status} scheduledAt={r.scheduledAt} updatedAt={r.updatedAt}>
            <td className="adm-col-place">{r.place || nowhere}</td>
            <td className="adm-col-price">{countOf(r)}</td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
