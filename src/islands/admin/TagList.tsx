// Tags in the back-office: search, filters (kind, status), sort and pages, kept in the address
// (AdminList.tsx, shared with the other lists).
import { adminTags } from "../../api-client/admin.ts";
import type { AdminTagListQuery } from "../../contract/admin-places.ts";
import { TAG_KINDS } from "../../contract/tags.ts";
import {
  FilterSelect,
  ListCard,
  listFilters,
  RecordRow,
  useAdminList,
} from "./AdminList.tsx";
import { PLACE_STATUS_CHOICES } from "./PlaceList.tsx";

/** What each kind of tag is for, in the editors' words. */
export const TAG_KIND_NAMES: Record<(typeof TAG_KINDS)[number], string> = {
  activity_type: "Activity type",
  suitable: "Suitable for",
  sustainability: "Sustainability",
  theme: "Theme",
  blog: "Magazine",
};
const KINDS = [
  ["", "Every kind"],
  ...TAG_KINDS.map((k) => [k, TAG_KIND_NAMES[k]] as const),
] as const;
const SORTS = [
  ["kind_position", "By kind, in list order"],
  ["name_asc", "Name A–Z"],
  ["name_desc", "Name Z–A"],
  ["updated_desc", "Last edited"],
  ["updated_asc", "Least recently edited"],
] as const;

const FILTERS = listFilters({
  q: "",
  kind: "",
  status: "all",
  sort: "kind_position",
});
const load = (f: ReturnType<typeof FILTERS.read>) =>
  adminTags(FILTERS.query(f) as AdminTagListQuery);

export default function TagList() {
  const list = useAdminList({ path: "/admin/tags", ...FILTERS, load });
  const { filters, data, set } = list;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Tags</h1>
          <p className="muted">
            {data
              ? `${data.total.toLocaleString("en")} ${data.total === 1 ? "tag" : "tags"}`
              : "\u00a0"}
          </p>
        </div>
      </header>
      <ListCard
        list={list}
        searchLabel="Search tags"
        searchPlaceholder="Search by name or address"
        empty="No tags match"
        count={data ? data.items.length : null}
        columns={[
          ["Tag"],
          ["Kind", "adm-col-place"],
          ["Order", "adm-col-price"],
          ["Status"],
          ["Edited", "adm-col-date"],
        ]}
        filters={
          <>
            <FilterSelect
              label="Kind"
              value={filters.kind}
              choices={KINDS}
              onChange={(kind) => set({ kind })}
            />
            <FilterSelect
              label="Status"
              value={filters.status}
              choices={PLACE_STATUS_CHOICES}
              onChange={(status) => set({ status })}
            />
            <FilterSelect
              label="Sort"
              value={filters.sort}
              choices={SORTS}
              onChange={(sort) => set({ sort })}
            />
          </>
        }
      >
        {data?.items.map((g) => (
          <RecordRow
            key={g.id}
            href={`/admin/tags/${g.id}`}
            image={false}
            title={g.name}
            sub={`${TAG_KIND_NAMES[g.kind]} · ${g.slug}`}
            status={g.status}
            scheduledAt={g.scheduledAt}
            updatedAt={g.updatedAt}
          >
            <td className="adm-col-place">{TAG_KIND_NAMES[g.kind]}</td>
            <td className="adm-col-price">{g.position}</td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
