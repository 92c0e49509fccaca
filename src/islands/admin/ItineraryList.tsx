// Travel itineraries in the back-office (ADR 0035): search, status, country, sort and pages, kept
// in the address (AdminList.tsx).
import { adminItineraries, adminReferences } from '../../api-client/admin.ts';
import type { AdminItineraryListQuery } from '../../contract/admin.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { FilterSelect, ListCard, listFilters, RecordRow, STATUS_CHOICES, useAdminList } from './AdminList.tsx';

const SORTS = [
  ['updated_desc', 'Last edited'],
  ['updated_asc', 'Least recently edited'],
  ['title_asc', 'Title A–Z'],
  ['title_desc', 'Title Z–A'],
] as const;

const FILTERS = listFilters({ q: '', status: 'all', countryId: '', sort: 'updated_desc' });
// The selects offer only the contract's values; the server checks them again (422).
const load = (f: ReturnType<typeof FILTERS.read>) => adminItineraries(FILTERS.query(f) as AdminItineraryListQuery);

export default function ItineraryList() {
  const list = useAdminList({ path: '/admin/itineraries', ...FILTERS, load });
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const { filters, data, set } = list;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Travel itineraries</h1>
          <p className="muted">{data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? 'itinerary' : 'itineraries'}` : '\u00a0'}</p>
        </div>
      </header>
      {references.state.status === 'error' && <Problem text={`The country filter could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      <ListCard
        list={list}
        searchLabel="Search itineraries"
        searchPlaceholder="Search by title, address or place"
        empty="No itineraries match"
        count={data ? data.items.length : null}
        columns={[['Itinerary'], ['Place', 'adm-col-place'], ['Days', 'adm-col-price'], ['Status'], ['Edited', 'adm-col-date']]}
        filters={
          <>
            <FilterSelect label="Status" value={filters.status} choices={STATUS_CHOICES} onChange={(status) => set({ status })} />
            <FilterSelect label="Country" value={filters.countryId} choices={[['', 'Every country'], ...(refs?.countries ?? []).map((c) => [String(c.id), c.name] as const)]} onChange={(countryId) => set({ countryId })} />
            <FilterSelect label="Sort" value={filters.sort} choices={SORTS} onChange={(sort) => set({ sort })} />
          </>
        }
      >
        {data?.items.map((i) => (
          <RecordRow key={i.id} href={`/admin/itineraries/${i.id}`} image={i.imageUrl} title={i.title} sub={`/itineraries/${i.slug}`} status={i.status} scheduledAt={i.scheduledAt} updatedAt={i.updatedAt}>
            <td className="adm-col-place">{i.place}</td>
            <td className="adm-col-price">{i.daysCount}</td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
