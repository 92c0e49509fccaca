// One country or city in the back-office: every field its public page and its cards show (name,
// address, tagline, introduction, hero image with alt text, a country's region and quick facts, a
// city's featured flag and map position), on the editing screen every record shares
// (RecordEditor.tsx). Places stay on the site: there is no Unpublish (ADR 0034).
import { useState } from "react";
import {
  cityCalls,
  countryCalls,
  uploadImage,
} from "../../api-client/admin.ts";
import type {
  AdminCity,
  AdminCountry,
  CityDraft,
  CountryDraft,
} from "../../contract/admin-places.ts";
import { ImagesFieldset } from "./ExperienceFields.tsx";
import {
  EditorChrome,
  EditorGate,
  Field,
  markNaN,
  moveItem,
  NumberField,
  useRecordEditor,
} from "./RecordEditor.tsx";

const PLACES = { href: "/admin/places", label: "Countries & cities" };
export const PLACES_STAY =
  "Countries and cities stay on the site: experiences, operators and articles link to them. Change the copy instead; retiring a place is a job for a developer.";

function fromForm<D>(doc: D): { doc: D } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  markNaN(doc, "draft", errors);
  return Object.keys(errors).length ? { errors } : { doc };
}

const FIELD_LABEL: Record<string, string> = {
  name: "name",
  slug: "address",
  region: "region",
  tagline: "tagline",
  description: "introduction",
  facts: "quick facts",
  images: "hero image",
  featured: "featured",
  latitude: "latitude",
  longitude: "longitude",
};
const fieldLabel = (f: string) => FIELD_LABEL[f] ?? f;

/** Name, address, tagline and introduction: what every place's page leads with. */
function CopyFields<D extends CountryDraft | CityDraft>({
  d,
  setDoc,
  err,
  base,
}: {
  d: D;
  setDoc: (p: Partial<D>) => void;
  err: (p: string) => string | undefined;
  base: string;
}) {
  return (
    <>
      <Field label="Name" error={err("draft.name")} wide>
        <input
          value={d.name}
          onChange={(e) => setDoc({ name: e.target.value } as Partial<D>)}
        />
      </Field>
      <Field
        label="Address"
        hint={`verdant.com/${base}/${d.slug}: changing it keeps the old address working (a permanent redirect)`}
        error={err("draft.slug")}
        wide
      >
        <input
          value={d.slug}
          onChange={(e) => setDoc({ slug: e.target.value } as Partial<D>)}
        />
      </Field>
      <Field
        label="Tagline"
        hint="Under the name at the top of the page, and in its description for search engines"
        error={err("draft.tagline")}
        wide
      >
        <input
          value={d.tagline}
          onChange={(e) => setDoc({ tagline: e.target.value } as Partial<D>)}
        />
      </Field>
      <Field
        label="Introduction"
        hint="The page’s opening text; leave a blank line between paragraphs"
        error={err("draft.description")}
        wide
      >
        <textarea
          rows={8}
          value={d.description}
          onChange={(e) =>
            setDoc({ description: e.target.value } as Partial<D>)
          }
        />
      </Field>
    </>
  );
}

function Hero({
  images,
  urls,
  onChange,
  err,
}: {
  images: CityDraft["images"];
  urls: Record<string, string>;
  onChange: (images: CityDraft["images"]) => void;
  err: (p: string) => string | undefined;
}) {
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  return (
    <ImagesFieldset
      legend="Hero image"
      max={1}
      photos={images}
      urls={{ ...urls, ...uploaded }}
      onChange={onChange}
      onAdd={(photo, up) => {
        setUploaded((u) => ({ ...u, [String(up.id)]: up.url }));
        // One photo at most: the upload is offered only while there is none.
        onChange([...images, photo]);
      }}
      err={(p) => err(`draft.${p}`)}
      upload={uploadImage}
      library
    />
  );
}

export function CountryEditor({ id }: { id: number }) {
  const ed = useRecordEditor<AdminCountry, CountryDraft, CountryDraft>({
    id,
    calls: countryCalls,
    noun: "country",
    toForm: (v) => v.draft,
    fromForm,
  });
  const { x, form: d, patchForm, errors } = ed;
  if (!x || !d)
    return (
      <EditorGate
        ed={ed}
        noun="country"
        listHref={PLACES.href}
        listLabel="All countries and cities"
      />
    );
  const err = (p: string) => errors[p];
  const setFact = (i: number, patch: Partial<CountryDraft["facts"][number]>) =>
    patchForm({
      facts: d.facts.map((f, j) => (j === i ? { ...f, ...patch } : f)),
    });
  return (
    <EditorChrome
      ed={ed}
      title={d.name || "Unnamed country"}
      back={PLACES}
      liveHref={`/countries/${x.liveSlug}`}
      fieldLabel={fieldLabel}
      staysPublished={PLACES_STAY}
    >
      <fieldset className="adm-card adm-fields">
        <legend>Country</legend>
        <CopyFields d={d} setDoc={patchForm} err={err} base="countries" />
        <Field
          label="Region"
          hint="Above the name on the page (“Southeast Asia”)"
          error={err("draft.region")}
        >
          <input
            value={d.region}
            onChange={(e) => patchForm({ region: e.target.value })}
          />
        </Field>
        <p className="adm-note">
          Country code <strong>{x.code}</strong> and currency{" "}
          <strong>{x.currencyCode}</strong> are fixed: the code is part of the
          landing pages’ addresses.
        </p>
      </fieldset>

      <Hero
        images={d.images}
        urls={x.imageUrls}
        onChange={(images) => patchForm({ images })}
        err={err}
      />

      <fieldset className="adm-card adm-fields">
        <legend>Quick facts</legend>
        <p className="adm-note adm-field--wide">
          Shown beside the introduction, in this order.
        </p>
        {err("draft.facts") && (
          <p className="adm-field__error adm-field--wide">
            {err("draft.facts")}
          </p>
        )}
        {d.facts.map((f, i) => (
          <div className="adm-repeat" key={i}>
            <Field
              label={`Fact ${i + 1}`}
              error={err(`draft.facts.${i}.label`)}
            >
              <input
                value={f.label}
                placeholder="Best time to visit"
                onChange={(e) => setFact(i, { label: e.target.value })}
              />
            </Field>
            <Field label="Value" error={err(`draft.facts.${i}.value`)}>
              <input
                value={f.value}
                onChange={(e) => setFact(i, { value: e.target.value })}
              />
            </Field>
            <span className="adm-images__tools">
              <button
                type="button"
                disabled={i === 0}
                onClick={() => patchForm({ facts: moveItem(d.facts, i, -1) })}
                aria-label={`Move fact ${i + 1} up`}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={i === d.facts.length - 1}
                onClick={() => patchForm({ facts: moveItem(d.facts, i, 1) })}
                aria-label={`Move fact ${i + 1} down`}
              >
                ↓
              </button>
              <button
                type="button"
                onClick={() =>
                  patchForm({ facts: d.facts.filter((_, j) => j !== i) })
                }
                aria-label={`Remove fact ${i + 1}`}
              >
                ✕
              </button>
            </span>
          </div>
        ))}
        <button
          type="button"
          className="button button--ghost adm-add"
          onClick={() =>
            patchForm({ facts: [...d.facts, { label: "", value: "" }] })
          }
        >
          Add a fact
        </button>
      </fieldset>
    </EditorChrome>
  );
}

export function CityEditor({ id }: { id: number }) {
  const ed = useRecordEditor<AdminCity, CityDraft, CityDraft>({
    id,
    calls: cityCalls,
    noun: "city",
    toForm: (v) => v.draft,
    fromForm,
  });
  const { x, form: d, patchForm, errors } = ed;
  if (!x || !d)
    return (
      <EditorGate
        ed={ed}
        noun="city"
        listHref={PLACES.href}
        listLabel="All countries and cities"
      />
    );
  const err = (p: string) => errors[p];
  return (
    <EditorChrome
      ed={ed}
      title={d.name || "Unnamed city"}
      back={PLACES}
      liveHref={`/cities/${x.liveSlug}`}
      fieldLabel={fieldLabel}
      staysPublished={PLACES_STAY}
    >
      <fieldset className="adm-card adm-fields">
        <legend>City</legend>
        <CopyFields d={d} setDoc={patchForm} err={err} base="cities" />
        <label className="adm-switch adm-field--wide">
          <input
            type="checkbox"
            checked={d.featured}
            onChange={(e) => patchForm({ featured: e.target.checked })}
          />
          <span>
            <strong>Featured city</strong>
            <span className="adm-sub">
              Apps and partners reading Verdant’s API list featured cities
              first (cities?featured=true); the website’s pages do not use
              it yet.
            </span>
          </span>
        </label>
        <p className="adm-note adm-field--wide">
          In <strong>{x.country.name}</strong> (fixed: moving a city would move
          its experiences and landing pages).
        </p>
      </fieldset>

      <Hero
        images={d.images}
        urls={x.imageUrls}
        onChange={(images) => patchForm({ images })}
        err={err}
      />

      <fieldset className="adm-card adm-fields">
        <legend>On the map</legend>
        <NumberField
          label="Latitude"
          decimal
          error={err("draft.latitude")}
          value={d.latitude}
          onValue={(latitude) => patchForm({ latitude })}
        />
        <NumberField
          label="Longitude"
          decimal
          error={err("draft.longitude")}
          value={d.longitude}
          onValue={(longitude) => patchForm({ longitude })}
        />
      </fieldset>
    </EditorChrome>
  );
}
