// Operators in the back-office: search and sort, kept in the address (AdminList.tsx, shared with
// the experiences and the magazine).
import { adminOperators } from '../../api-client/admin.ts';
import type { AdminOperatorListQuery } from '../../contract/admin.ts';
import { FilterSelect, ListCard, listFilters, RecordRow, useAdminList } from './AdminList.tsx';

const SORTS = [
  ['name_asc', 'Name A–Z'],
  ['name_desc', 'Name Z–A'],
  ['updated_desc', 'Last edited'],
  ['updated_asc', 'Least recently edited'],
] as const;

const FILTERS = listFilters({ q: '', sort: 'name_asc' });
const load = (f: ReturnType<typeof FILTERS.read>) => adminOperators(FILTERS.query(f) as AdminOperatorListQuery);

export default function OperatorList() {
  const list = useAdminList({ path: '/admin/operators', ...FILTERS, load });
  const { filters, data, set } = list;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Operators</h1>
          <p className="muted">{data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? 'operator' : 'operators'}` : '\u00a0'}</p>
        </div>
      </header>
      <ListCard
        list={list}
        searchLabel="Search operators"
        searchPlaceholder="Search by name, address or e-mail"
        empty="No operators match"
        count={data ? data.items.length : null}
        columns={[['Operator'], ['City', 'adm-col-place'], ['Experiences', 'adm-col-price'], ['Status'], ['Edited', 'adm-col-date']]}
        filters={<FilterSelect label="Sort" value={filters.sort} choices={SORTS} onChange={(sort) => set({ sort })} />}
      >
        {data?.items.map((o) => (
          <RecordRow key={o.id} href={`/admin/operators/${o.id}`} image={o.imageUrl} title={o.name} sub={`/operators/${o.slug}`} status={o.status} scheduledAt={o.scheduledAt} updatedAt={o.updatedAt}>
            <td className="adm-col-place">{o.city}</td>
            <td className="adm-col-price">{o.experiences}</td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
