// Experiences in the back-office: search, filters (status, kind, country), sort and pages, kept
// in the address so a list can be shared and survives a reload (AdminList.tsx).
import { adminExperiences, adminReferences } from '../../api-client/admin.ts';
import type { AdminExperienceListQuery } from '../../contract/admin.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { formatPrice } from '../booking/money.ts';
import { FilterSelect, ListCard, listFilters, RecordRow, STATUS_CHOICES, useAdminList } from './AdminList.tsx';

const KINDS = [
  ['', 'Every kind'],
  ['short_adventure', 'Short adventure'],
  ['adventure', 'Adventure'],
  ['flexible_adventure', 'Flexible adventure'],
  ['stay', 'Stay'],
] as const;
const SORTS = [
  ['updated_desc', 'Last edited'],
  ['updated_asc', 'Least recently edited'],
  ['name_asc', 'Name A–Z'],
  ['name_desc', 'Name Z–A'],
  ['price_asc', 'Price, low to high'],
  ['price_desc', 'Price, high to low'],
] as const;

const FILTERS = listFilters({ q: '', status: 'all', kind: '', countryId: '', sort: 'updated_desc' });
// The selects offer only the contract's values; the server checks them again (422).
const load = (f: ReturnType<typeof FILTERS.read>) => adminExperiences(FILTERS.query(f) as AdminExperienceListQuery);

export default function ExperienceList() {
  const list = useAdminList({ path: '/admin/experiences', ...FILTERS, load });
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const { filters, data, set } = list;

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Experiences</h1>
          <p className="muted">{data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? 'experience' : 'experiences'}` : '\u00a0'}</p>
        </div>
      </header>

      {references.state.status === 'error' && <Problem text={`The country filter could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      <ListCard
        list={list}
        searchLabel="Search experiences"
        searchPlaceholder="Search by name, address or city"
        empty="No experiences match"
        count={data ? data.items.length : null}
        columns={[['Experience'], ['Place', 'adm-col-place'], ['From', 'adm-col-price'], ['Status'], ['Edited', 'adm-col-date']]}
        filters={
          <>
            <FilterSelect label="Status" value={filters.status} choices={STATUS_CHOICES} onChange={(status) => set({ status })} />
            <FilterSelect label="Kind" value={filters.kind} choices={KINDS} onChange={(kind) => set({ kind })} />
            <FilterSelect label="Country" value={filters.countryId} choices={[['', 'Every country'], ...(refs?.countries ?? []).map((c) => [String(c.id), c.name] as const)]} onChange={(countryId) => set({ countryId })} />
            <FilterSelect label="Sort" value={filters.sort} choices={SORTS} onChange={(sort) => set({ sort })} />
          </>
        }
      >
        {data?.items.map((x) => (
          <RecordRow key={x.id} href={`/admin/experiences/${x.id}`} image={x.imageUrl} title={x.name} sub={`/${x.slugCode}`} status={x.status} scheduledAt={x.scheduledAt} updatedAt={x.updatedAt}>
            <td className="adm-col-place">
              {x.city}, {x.country}
            </td>
            <td className="adm-col-price">{x.fromPrice ? formatPrice(x.fromPrice) : '—'}</td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
