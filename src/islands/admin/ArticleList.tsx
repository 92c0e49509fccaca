// Magazine articles in the back-office: search, filters (status, kind, category), sort and pages,
// kept in the address (AdminList.tsx, shared with the experiences).
import { adminArticleReferences, adminArticles } from '../../api-client/admin.ts';
import type { AdminArticleListQuery } from '../../contract/admin.ts';
import { BLOG_KIND_NAMES, BLOG_KINDS } from '../../contract/blogs.ts';
import { formatDate } from '../../lib/format-date.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { FilterSelect, ListCard, listFilters, RecordRow, STATUS_CHOICES, useAdminList } from './AdminList.tsx';

const KINDS = [['', 'Every kind'], ...BLOG_KINDS.map((k) => [k, BLOG_KIND_NAMES[k]] as const)] as const;
const SORTS = [
  ['updated_desc', 'Last edited'],
  ['updated_asc', 'Least recently edited'],
  ['published_desc', 'Newest publication date'],
  ['published_asc', 'Oldest publication date'],
  ['title_asc', 'Title A–Z'],
  ['title_desc', 'Title Z–A'],
] as const;

const FILTERS = listFilters({ q: '', status: 'all', kind: '', categoryId: '', sort: 'updated_desc' });
// The selects offer only the contract's values; the server checks them again (422).
const load = (f: ReturnType<typeof FILTERS.read>) => adminArticles(FILTERS.query(f) as AdminArticleListQuery);

export default function ArticleList() {
  const list = useAdminList({ path: '/admin/magazine', ...FILTERS, load });
  const references = useApi(adminArticleReferences, 'article-references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const { filters, data, set } = list;

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Magazine</h1>
          <p className="muted">{data ? `${data.total.toLocaleString('en')} ${data.total === 1 ? 'article' : 'articles'}` : '\u00a0'}</p>
        </div>
      </header>

      {references.state.status === 'error' && <Problem text={`The category filter could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      <ListCard
        list={list}
        searchLabel="Search articles"
        searchPlaceholder="Search by title, address or author"
        empty="No articles match"
        count={data ? data.items.length : null}
        columns={[['Article'], ['Category', 'adm-col-place'], ['Published', 'adm-col-price'], ['Status'], ['Edited', 'adm-col-date']]}
        filters={
          <>
            <FilterSelect label="Status" value={filters.status} choices={STATUS_CHOICES} onChange={(status) => set({ status })} />
            <FilterSelect label="Kind" value={filters.kind} choices={KINDS} onChange={(kind) => set({ kind })} />
            <FilterSelect label="Category" value={filters.categoryId} choices={[['', 'Every category'], ...(refs?.categories ?? []).map((c) => [String(c.id), c.name] as const)]} onChange={(categoryId) => set({ categoryId })} />
            <FilterSelect label="Sort" value={filters.sort} choices={SORTS} onChange={(sort) => set({ sort })} />
          </>
        }
      >
        {data?.items.map((a) => (
          <RecordRow key={a.id} href={`/admin/magazine/${a.id}`} image={a.imageUrl} title={a.title} sub={`${BLOG_KIND_NAMES[a.kind]} · ${a.authorName}`} status={a.status} scheduledAt={a.scheduledAt} updatedAt={a.updatedAt}>
            <td className="adm-col-place">{a.category}</td>
            <td className="adm-col-price">{formatDate(a.publishedAt)}</td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
