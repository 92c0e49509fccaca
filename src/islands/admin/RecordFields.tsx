// Parts of the collection and itinerary forms (ADR 0035): the address (and the redirect its change
// leaves), the country and city a record is set in, and its hero image (one photo with alt text,
// uploaded through the storage provider by the shared images fieldset).
import { useState } from 'react';
import { uploadImage } from '../../api-client/admin.ts';
import type { AdminReferences, CollectionDraft } from '../../contract/admin.ts';
import { ImagesFieldset } from './ExperienceFields.tsx';
import { Field } from './RecordEditor.tsx';

type Image = CollectionDraft['image'];

/** The hero image: the document's `image`, shown and uploaded with the images fieldset (one photo: remove it to upload another). */
export function HeroImageFieldset({
  image,
  urls,
  onChange,
  err,
  legend = 'Hero image',
  lead,
}: {
  image: Image;
  urls: Record<string, string>;
  onChange: (image: Image) => void;
  err: (path: string) => string | undefined;
  /** A record whose image is not a hero on its page (a best-of list's cards) says what it is for. */
  legend?: string;
  lead?: string;
}) {
  // Photos uploaded on this screen, by id, until the record's own addresses include them.
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  return (
    <ImagesFieldset
      legend={legend}
      {...(lead ? { lead } : {})}
      max={1}
      photos={image ? [image] : []}
      urls={{ ...urls, ...uploaded }}
      onChange={(photos) => onChange(photos[0] ?? null)}
      onAdd={(photo, up) => {
        setUploaded((u) => ({ ...u, [String(up.id)]: up.url }));
        onChange(photo);
      }}
      // The fieldset names its photos `images.{i}.…`; the document's hero is `draft.image.…`.
      err={(path) => err(path.replace(/^images(\.0)?/, 'draft.image'))}
      upload={uploadImage}
      library
    />
  );
}

/** Country and city selects (the cities of the chosen country); `countryOptional` adds "None". */
export function PlaceFields({
  refs,
  countryId,
  cityId,
  onChange,
  err,
  countryOptional,
}: {
  refs: AdminReferences | null;
  countryId: number | null;
  cityId: number | null;
  onChange: (place: { countryId: number | null; cityId: number | null }) => void;
  err: (path: string) => string | undefined;
  countryOptional: boolean;
}) {
  const countryName = refs?.countries.find((k) => k.id === countryId)?.name;
  const cities = (refs?.cities ?? []).filter((c) => !countryName || c.country === countryName);
  return (
    <>
      <Field label="Country" error={err('draft.countryId')}>
        <select value={countryId === null ? '' : String(countryId)} onChange={(e) => onChange({ countryId: e.target.value ? Number(e.target.value) : null, cityId: null })}>
          {(countryOptional || countryId === null) && <option value="">{countryOptional ? 'None' : 'Choose a country'}</option>}
          {!refs && countryId !== null && <option value={String(countryId)}>Loading…</option>}
          {refs?.countries.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="City" error={err('draft.cityId')}>
        <select value={cityId === null ? '' : String(cityId)} onChange={(e) => onChange({ countryId, cityId: e.target.value ? Number(e.target.value) : null })}>
          <option value="">None</option>
          {!refs && cityId !== null && <option value={String(cityId)}>Loading…</option>}
          {cities.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}, {c.country}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

/** The record's address, with what a change does and the old addresses that lead here. */
export function AddressField({ base, value, liveSlug, redirectsFrom, onChange, error }: { base: string; value: string; liveSlug: string; redirectsFrom: string[]; onChange: (slug: string) => void; error: string | undefined }) {
  return (
    <>
      <Field label="Address" hint={`verdant.com${base}/${value}`} error={error} wide>
        <input value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
      </Field>
      {value !== liveSlug && <p className="adm-note adm-field--wide">When published, the old address {base}/{liveSlug} will redirect here permanently.</p>}
      {redirectsFrom.length > 0 && <p className="adm-note adm-field--wide">Also reached from: {redirectsFrom.map((s) => `${base}/${s}`).join(', ')}</p>}
    </>
  );
}
