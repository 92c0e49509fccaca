// Collections in the back-office (ADR 0035): search, status, sort and pages, kept in the address
// (AdminList.tsx, shared with the experiences and articles).
import { adminCollections } from '../../api-client/admin.ts';
import type { AdminCollectionListQuery } from '../../contract/admin.ts';
import { FilterSelect, ListCard, listFilters, RecordRow, STATUS_CHOICES, useAdminList } from './AdminList.tsx';

const SORTS = [
  ['updated_desc', 'Last edited'],
  ['updated_asc', 'Least recently edited'],
  ['position_asc', 'Site order'],
  ['title_asc', 'Title A–Z'],
  ['title_desc', 'Title Z–A'],
] as const;

const FILTERS = listFilters({ q: '', status: 'all', sort: 'updated_desc' });
// The selects offer only the contract's values; the server checks them again (422).
const load = (f: ReturnType<typeof FILTERS.read>) => adminCollections(FILTERS.query(f) as AdminCollectionListQuery);

export default function CollectionList() {
  const list = useAdminList({ path: '/admin/collections', ...FILTERS, load });
  const { filters, data, set } = list;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Collections</h1>
          <p className="muted">{data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? 'collection' : 'collections'}` : '\u00a0'}</p>
        </div>
      </header>
      <ListCard
        list={list}
        searchLabel="Search collections"
        searchPlaceholder="Search by title, address or place"
        empty="No collections match"
        count={data ? data.items.length : null}
        columns={[['Collection'], ['Place', 'adm-col-place'], ['Experiences', 'adm-col-price'], ['Status'], ['Edited', 'adm-col-date']]}
        filters={
          <>
            <FilterSelect label="Status" value={filters.status} choices={STATUS_CHOICES} onChange={(status) => set({ status })} />
            <FilterSelect label="Sort" value={filters.sort} choices={SORTS} onChange={(sort) => set({ sort })} />
          </>
        }
      >
        {data?.items.map((c) => (
          <RecordRow
            key={c.id}
            href={`/admin/collections/${c.id}`}
            image={c.imageUrl}
            title={c.title}
            sub={[`/collections/${c.slug}`, c.isGift ? 'Gift collection' : '', c.featured ? 'Featured' : ''].filter(Boolean).join(' · ')}
            status={c.status}
            scheduledAt={c.scheduledAt}
            updatedAt={c.updatedAt}
          >
            <td className="adm-col-place">{c.place || '—'}</td>
            <td className="adm-col-price">{c.optionsCount}</td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
