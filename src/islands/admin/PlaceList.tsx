// Countries and cities in the back-office, in one list: search, filters (country or city, country,
// featured, status), sort and pages, kept in the address (AdminList.tsx, shared with the others).
import { adminPlaces, adminReferences } from "../../api-client/admin.ts";
import type { AdminPlaceListQuery } from "../../contract/admin-places.ts";
import { Problem } from "../account/parts.tsx";
import { useApi } from "../account/use-api.ts";
import {
  FilterSelect,
  ListCard,
  listFilters,
  RecordRow,
  useAdminList,
} from "./AdminList.tsx";

const KINDS = [
  ["", "Countries and cities"],
  ["country", "Countries"],
  ["city", "Cities"],
] as const;
const FEATURED = [
  ["", "Featured or not"],
  ["true", "Featured cities"],
  ["false", "Not featured"],
] as const;
/** Places cannot be unpublished (ADR 0034): no "Unpublished" choice. */
export const PLACE_STATUS_CHOICES = [
  ["all", "Any status"],
  ["published", "Published"],
  ["changed", "Unpublished changes"],
  ["scheduled", "Scheduled"],
] as const;
const SORTS = [
  ["name_asc", "Name A–Z"],
  ["name_desc", "Name Z–A"],
  ["updated_desc", "Last edited"],
  ["updated_asc", "Least recently edited"],
  ["experiences_desc", "Most experiences"],
] as const;

const FILTERS = listFilters({
  q: "",
  kind: "",
  countryId: "",
  featured: "",
  status: "all",
  sort: "name_asc",
});
// The selects offer only the contract's values; the server checks them again (422).
const load = (f: ReturnType<typeof FILTERS.read>) =>
  adminPlaces(FILTERS.query(f) as AdminPlaceListQuery);

export default function PlaceList() {
  const list = useAdminList({ path: "/admin/places", ...FILTERS, load });
  const references = useApi(adminReferences, "references");
  const refs =
    references.state.status === "ready" ? references.state.data : null;
  const { filters, data, set } = list;

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Countries &amp; cities</h1>
          <p className="muted">
            {data
              ? `${data.total.toLocaleString("en")} ${data.total === 1 ? "place" : "places"}`
              : "\u00a0"}
          </p>
        </div>
      </header>

      {references.state.status === "error" && (
        <Problem
          text={`The country filter could not be loaded: ${references.state.error}`}
          onRetry={references.reload}
        />
      )}
      <ListCard
        list={list}
        searchLabel="Search countries and cities"
        searchPlaceholder="Search by name or address"
        empty="No countries or cities match"
        count={data ? data.items.length : null}
        columns={[
          ["Place"],
          ["Country", "adm-col-place"],
          ["Experiences", "adm-col-price"],
          ["Status"],
          ["Edited", "adm-col-date"],
        ]}
        filters={
          <>
            <FilterSelect
              label="Countries or cities"
              value={filters.kind}
              choices={KINDS}
              onChange={(kind) => set({ kind })}
            />
            <FilterSelect
              label="Country"
              value={filters.countryId}
              choices={[
                ["", "Every country"],
                ...(refs?.countries ?? []).map(
                  (c) => [String(c.id), c.name] as const,
                ),
              ]}
              onChange={(countryId) => set({ countryId })}
            />
            <FilterSelect
              label="Featured"
              value={filters.featured}
              choices={FEATURED}
              onChange={(featured) => set({ featured })}
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
        {data?.items.map((p) => (
          <RecordRow
            key={`${p.kind}-${p.id}`}
            href={`/admin/places/${p.kind === "country" ? "countries" : "cities"}/${p.id}`}
            image={p.imageUrl}
            title={p.name}
            sub={`${p.kind === "country" ? "Country" : p.featured ? "City · featured" : "City"} · /${p.kind === "country" ? "countries" : "cities"}/${p.slug}`}
            status={p.status}
            scheduledAt={p.scheduledAt}
            updatedAt={p.updatedAt}
          >
            <td className="adm-col-place">{p.country ?? "—"}</td>
            <td className="adm-col-price">
              {p.optionsCount.toLocaleString("en")}
            </td>
          </RecordRow>
        ))}
      </ListCard>
    </section>
  );
}
