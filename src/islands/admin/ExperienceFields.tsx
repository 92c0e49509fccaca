// The parts of an experience's form that the editors' screen (/admin) and the operators' listing
// screen (/partner) share: prices by pricing basis, the highlight/inclusion lists, itinerary,
// meeting points and pickups, and questions. Each takes its values, a change handler and
// `err(path)`, the error of a field by its path in the document (`itinerary.0.title`).
import type { AdminExperience, AdminReferences, ExperienceDraft, UploadedImage } from '../../contract/admin.ts';
import type { ListingFieldChange } from '../../contract/partner.ts';
import { minorToText, textToMinor } from '../../lib/admin-pages.ts';
import { describeCancellation, type CancellationPolicy } from '../../lib/format-cancellation.ts';
import { useRef, useState } from 'react';
import { refusalOf } from '../../api-client/client.ts';
import { imageUrl } from '../../lib/format-image.ts';
import { Field, moveItem, NumberField } from './RecordEditor.tsx';
import { LODGING_LABELS, LODGING_TYPES, METHOD_PATH, TRANSPORT_MODE_LABELS, TRANSPORT_MODES, type LodgingType, type TransportMode } from '../../lib/footprint.ts';
import { ImageLibraryPicker } from './ImageLibrary.tsx';

type PriceUnit = AdminExperience['priceUnit'];

export type FieldError = (path: string) => string | undefined;

type CityRef = AdminReferences['cities'][number];

/** A city chosen from the references, grouped by country (`cities` null: still loading). */
export function CitySelect({ value, cities, onChange, error }: { value: number; cities: CityRef[] | null; onChange: (id: number) => void; error: string | undefined }) {
  const byCountry = new Map<string, CityRef[]>();
  for (const c of cities ?? []) byCountry.set(c.country, [...(byCountry.get(c.country) ?? []), c]);
  return (
    <Field label="City" error={error}>
      <select value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
        {[...byCountry].map(([country, cs]) => (
          <optgroup key={country} label={country}>
            {cs.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </optgroup>
        ))}
        {!cities && <option value={String(value)}>Loading…</option>}
      </select>
    </Field>
  );
}

export type PriceKey = keyof ExperienceDraft['prices'];
export type Prices = ExperienceDraft['prices'];
const MONEY_KEYS: PriceKey[] = ['adult', 'child', 'localAdult', 'localChild', 'group', 'additionalPax'];
const COUNT_KEYS: PriceKey[] = ['groupIncludedPax', 'minPax'];
export const PRICE_LABEL: Record<PriceKey, string> = {
  adult: 'Adult price',
  child: 'Child price',
  localAdult: 'Local adult price',
  localChild: 'Local child price',
  group: 'Group price',
  groupIncludedPax: 'Guests in the group price',
  additionalPax: 'Each additional guest',
  minPax: 'Minimum guests billed',
};

/** The price lines an experience of this basis has (stays are priced by room). */
export const pricesOfUnit = (unit: PriceUnit): PriceKey[] =>
  unit === 'per_group' ? ['group', 'groupIncludedPax', 'additionalPax', 'minPax', 'adult'] : unit === 'per_person' ? ['adult', 'child', 'localAdult', 'localChild'] : [];

export type PriceText = Record<PriceKey, string>;

export function pricesToText(p: Prices, exponent: number): PriceText {
  const out = {} as PriceText;
  for (const k of MONEY_KEYS) out[k] = minorToText(p[k], exponent);
  for (const k of COUNT_KEYS) out[k] = p[k] === null ? '' : String(p[k]);
  return out;
}

/** The typed prices as minor units, or the fields (`prefix` + key) the browser can already tell are wrong. */
export function textToPrices(text: PriceText, exponent: number, prefix: string): { prices: Prices; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const prices = {} as Prices;
  for (const k of MONEY_KEYS) {
    const v = textToMinor(text[k], exponent);
    if (Number.isNaN(v)) errors[`${prefix}${k}`] = exponent ? 'Enter an amount like 45 or 45.50' : 'Enter a whole amount like 4500';
    else prices[k] = v;
  }
  for (const k of COUNT_KEYS) {
    const t = text[k].trim();
    if (t === '') prices[k] = null;
    else if (!/^\d+$/.test(t)) errors[`${prefix}${k}`] = 'Enter a whole number';
    else prices[k] = Number(t);
  }
  return { prices, errors };
}

export function PriceInputs({ keys, currency, text, onText, err }: { keys: PriceKey[]; currency: string; text: PriceText; onText: (t: PriceText) => void; err: FieldError }) {
  return (
    <>
      {keys.map((k) => (
        <Field key={k} label={PRICE_LABEL[k]} error={err(`prices.${k}`)}>
          <span className="adm-money">
            {MONEY_KEYS.includes(k) && <span aria-hidden="true">{currency}</span>}
            <input inputMode={MONEY_KEYS.includes(k) ? 'decimal' : 'numeric'} value={text[k]} onChange={(e) => onText({ ...text, [k]: e.target.value })} />
          </span>
        </Field>
      ))}
    </>
  );
}

const firstError = (err: FieldError, key: string, count: number) => {
  for (let i = -1; i < count; i++) {
    const e = err(i < 0 ? key : `${key}.${i}`);
    if (e) return e;
  }
  return undefined;
};

export const LIST_KEYS = ['highlights', 'inclusions', 'exclusions'] as const;
export type ListKey = (typeof LIST_KEYS)[number];
const LIST_LABEL: Record<ListKey, string> = { highlights: 'Highlights', inclusions: 'Included', exclusions: 'Not included' };

/** Highlights, inclusions and exclusions, one per line. */
export function ListsFieldset({ text, onText, err }: { text: Record<ListKey, string>; onText: (k: ListKey, v: string) => void; err: FieldError }) {
  return (
    <fieldset className="adm-card adm-fields">
      <legend>Highlights, inclusions and exclusions</legend>
      {LIST_KEYS.map((k) => (
        <Field key={k} label={LIST_LABEL[k]} hint="One per line" error={firstError(err, k, 40)} wide>
          <textarea rows={4} value={text[k]} onChange={(e) => onText(k, e.target.value)} />
        </Field>
      ))}
    </fieldset>
  );
}

type Step = ExperienceDraft['itinerary'][number];

export function ItineraryFieldset({ steps, onChange, err }: { steps: Step[]; onChange: (s: Step[]) => void; err: FieldError }) {
  const upd = (i: number, patch: Partial<Step>) => onChange(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset className="adm-card adm-fields">
      <legend>Itinerary</legend>
      {steps.map((s, i) => (
        <div className="adm-repeat" key={i}>
          <Field label="Time" error={err(`itinerary.${i}.time`)}>
            <input value={s.time ?? ''} onChange={(e) => upd(i, { time: e.target.value || null })} />
          </Field>
          <Field label="Title" error={err(`itinerary.${i}.title`)}>
            <input value={s.title} onChange={(e) => upd(i, { title: e.target.value })} />
          </Field>
          <Field label="What happens" error={err(`itinerary.${i}.description`)} wide>
            <textarea rows={2} value={s.description} onChange={(e) => upd(i, { description: e.target.value })} />
          </Field>
          <button type="button" className="adm-remove" onClick={() => onChange(steps.filter((_, j) => j !== i))}>
            Remove step {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button button--ghost adm-add" onClick={() => onChange([...steps, { time: null, title: '', description: '' }])}>
        Add a step
      </button>
    </fieldset>
  );
}

type Place = ExperienceDraft['locations'][number];

/** Meeting points, pickups and drop-offs. */
export function LocationsFieldset({ places, onChange, err }: { places: Place[]; onChange: (p: Place[]) => void; err: FieldError }) {
  return (
    <fieldset className="adm-card adm-fields">
      <legend>Meeting points and pickups</legend>
      {places.map((l, i) => {
        const upd = (patch: Partial<Place>) => onChange(places.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        return (
          <div className="adm-repeat" key={i}>
            <Field label="Kind">
              <select value={l.kind} onChange={(e) => upd({ kind: e.target.value as Place['kind'] })}>
                <option value="meetup">Meeting point</option>
                <option value="pickup">Pickup</option>
                <option value="return">Drop-off</option>
              </select>
            </Field>
            <Field label="Name" error={err(`locations.${i}.name`)}>
              <input value={l.name} onChange={(e) => upd({ name: e.target.value })} />
            </Field>
            <Field label="Address" error={err(`locations.${i}.address`)} wide>
              <input value={l.address} onChange={(e) => upd({ address: e.target.value })} />
            </Field>
            <Field label="Note" error={err(`locations.${i}.note`)} wide>
              <input value={l.note} onChange={(e) => upd({ note: e.target.value })} />
            </Field>
            <NumberField label="Latitude" decimal error={err(`locations.${i}.latitude`)} value={l.latitude} onValue={(v) => upd({ latitude: v })} />
            <NumberField label="Longitude" decimal error={err(`locations.${i}.longitude`)} value={l.longitude} onValue={(v) => upd({ longitude: v })} />
            <button type="button" className="adm-remove" onClick={() => onChange(places.filter((_, j) => j !== i))}>
              Remove this place
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--ghost adm-add" onClick={() => onChange([...places, { kind: 'meetup', name: '', address: '', note: '', latitude: null, longitude: null }])}>
        Add a place
      </button>
    </fieldset>
  );
}

type Footprint = ExperienceDraft['footprint'];

/** What the footprint needs (ADR 0044): each leg of transport during the experience, and where guests sleep. */
export function FootprintFieldset({ value, onChange, err }: { value: Footprint; onChange: (f: Footprint) => void; err: FieldError }) {
  const legs = value.legs;
  const setLegs = (l: Footprint['legs']) => onChange({ ...value, legs: l });
  return (
    <fieldset className="adm-card adm-fields">
      <legend>Footprint facts</legend>
      <p className="adm-field--wide muted">
        Transport used during the experience and where guests sleep; nights come from the duration. They give the figure in kg CO₂e on the page (
        <a href={METHOD_PATH} target="_blank" rel="noopener">how we estimate this</a>).
      </p>
      {legs.map((l, i) => {
        const upd = (patch: Partial<Footprint['legs'][number]>) => setLegs(legs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        return (
          <div className="adm-repeat" key={i}>
            <Field label="Transport" error={err(`footprint.legs.${i}.mode`)}>
              <select value={l.mode} onChange={(e) => upd({ mode: e.target.value as TransportMode })}>
                {TRANSPORT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {TRANSPORT_MODE_LABELS[m]}
                  </option>
                ))}
              </select>
            </Field>
            <NumberField label="Distance (km)" decimal error={err(`footprint.legs.${i}.km`)} value={Number.isNaN(l.km) ? null : l.km} onValue={(v) => upd({ km: v ?? Number.NaN })} />
            <button type="button" className="adm-remove" onClick={() => setLegs(legs.filter((_, j) => j !== i))}>
              Remove this leg
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--ghost adm-add" onClick={() => setLegs([...legs, { mode: 'walking', km: 0 }])}>
        Add a leg of transport
      </button>
      <Field label="Lodging" error={err('footprint.lodging')}>
        <select value={value.lodging ?? ''} onChange={(e) => onChange({ ...value, lodging: (e.target.value || null) as LodgingType | null })}>
          <option value="">No overnight stay</option>
          {LODGING_TYPES.map((t) => (
            <option key={t} value={t}>
              {LODGING_LABELS[t]}
            </option>
          ))}
        </select>
      </Field>
    </fieldset>
  );
}

/** Footprint facts in one line each: "Jeep or 4×4, 40 km" … "Lodging: Homestay". */
export function describeFootprintFacts(f: Footprint): string {
  const lines = f.legs.map((l) => `${TRANSPORT_MODE_LABELS[l.mode] ?? l.mode}, ${l.km} km`);
  lines.push(`Lodging: ${f.lodging ? LODGING_LABELS[f.lodging] ?? f.lodging : 'none'}`);
  return lines.join('\n');
}

type Faq = ExperienceDraft['faqs'][number];

export function FaqsFieldset({ faqs, onChange, err }: { faqs: Faq[]; onChange: (f: Faq[]) => void; err: FieldError }) {
  const upd = (i: number, patch: Partial<Faq>) => onChange(faqs.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <fieldset className="adm-card adm-fields">
      <legend>Questions and answers</legend>
      {faqs.map((f, i) => (
        <div className="adm-repeat" key={i}>
          <Field label="Question" error={err(`faqs.${i}.question`)} wide>
            <input value={f.question} onChange={(e) => upd(i, { question: e.target.value })} />
          </Field>
          <Field label="Answer" error={err(`faqs.${i}.answer`)} wide>
            <textarea rows={3} value={f.answer} onChange={(e) => upd(i, { answer: e.target.value })} />
          </Field>
          <button type="button" className="adm-remove" onClick={() => onChange(faqs.filter((_, j) => j !== i))}>
            Remove question {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button button--ghost adm-add" onClick={() => onChange([...faqs, { question: '', answer: '' }])}>
        Add a question
      </button>
    </fieldset>
  );
}

type Photo = ExperienceDraft['images'][number];

/**
 * Photos with their alt text: the first is the cover; move, remove, and upload new ones through
 * `upload` (the admins' or the operator's call). A new photo needs its alt text before it goes up.
 */
export function ImagesFieldset({
  photos,
  urls,
  onChange,
  onAdd,
  err,
  upload,
  legend = 'Images',
  library = false,
  max,
  lead,
}: {
  photos: Photo[];
  urls: Record<string, string>;
  onChange: (photos: Photo[]) => void;
  /**
   * A photo just uploaded, to add to the list as it is then (an upload takes a while: the list
   * may have changed meanwhile, so the caller adds it with a functional update).
   */
  onAdd: (photo: Photo, uploaded: UploadedImage) => void;
  err: FieldError;
  upload: (form: FormData) => Promise<{ data: UploadedImage }>;
  legend?: string;
  /** Offer the image library (GET /images, admins only) beside the upload. */
  library?: boolean;
  /** At most this many photos (1: a single hero image, replaced by removing it first). */
  max?: number;
  /** What the photos are for, when not the page's lead photo or cover. */
  lead?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const send = async () => {
    if (busy) return;
    if (!file) return setRefusal({ message: 'Choose a photo to upload', fields: { file: 'Choose a photo to upload' } });
    setBusy(true);
    setRefusal(null);
    setDone(null);
    try {
      const form = new FormData();
      form.append('file', file);
      form.append('alt', alt);
      const { data } = await upload(form);
      onAdd({ id: data.id, alt: data.alt }, data);
      setDone(`Uploaded: ${data.alt}. It is added at the end of the list.`);
      setFile(null);
      setAlt('');
      if (input.current) input.current.value = '';
    } catch (e) {
      setRefusal(refusalOf(e));
    }
    setBusy(false);
  };
  const src = (id: number) => urls[String(id)];
  return (
    <fieldset className="adm-card adm-fields">
      <legend>{legend}</legend>
      <p className="adm-note adm-field--wide">
        {lead ?? (max === 1 ? 'One photo leads the page.' : 'The first photo is the cover.')} Alt text describes the picture for people who cannot see it.
      </p>
      <ol className="adm-images adm-field--wide" role="list">
        {photos.map((img, i) => (
          <li key={img.id}>
            {src(img.id) ? <img src={imageUrl(src(img.id)!, 256)} alt="" width="120" height="80" loading="lazy" onError={(e) => { (e.target as HTMLImageElement).src = src(img.id)!; }} /> : <span className="adm-thumb" />}
            <Field label={`Alt text${i === 0 && max !== 1 ? ' (cover)' : ''}`} error={err(`images.${i}.alt`) ?? err(`images.${i}.id`)} wide>
              <input value={img.alt} onChange={(e) => onChange(photos.map((x, j) => (j === i ? { ...x, alt: e.target.value } : x)))} />
            </Field>
            <span className="adm-images__tools">
              {max !== 1 && (
                <>
                  <button type="button" disabled={i === 0} onClick={() => onChange(moveItem(photos, i, -1))} aria-label={`Move image ${i + 1} up`}>
                    ↑
                  </button>
                  <button type="button" disabled={i === photos.length - 1} onClick={() => onChange(moveItem(photos, i, 1))} aria-label={`Move image ${i + 1} down`}>
                    ↓
                  </button>
                </>
              )}
              <button type="button" onClick={() => onChange(photos.filter((_, j) => j !== i))} aria-label={`Remove image ${i + 1}`}>
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      {err('images') && <p className="adm-field__error adm-field--wide">{err('images')}</p>}
      {max !== undefined && photos.length >= max ? (
        <p className="adm-note adm-field--wide">To use another photo, remove this one first.</p>
      ) : (
      <div className="adm-upload adm-field--wide">
        <Field label="Add a photo" hint="JPEG, PNG, WebP or AVIF; at least 800 pixels on each side, up to 15 MB" error={refusal?.fields['file']}>
          <input ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        <Field label="Its alt text" error={refusal?.fields['alt']}>
          <input
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            placeholder="What the photo shows"
            onKeyDown={(e) => {
              // Enter uploads the photo; it must not submit the form around this fieldset.
              if (e.key === 'Enter') {
                e.preventDefault();
                void send();
              }
            }}
          />
        </Field>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void send()}>
          {busy ? 'Uploading…' : 'Upload photo'}
        </button>
        <p className="adm-note" role="status">
          {done}
        </p>
        {refusal && !refusal.fields['file'] && !refusal.fields['alt'] && (
          <p className="adm-alert adm-alert--error" role="alert">
            {refusal.message}
          </p>
        )}
      </div>
      )}
      {library && !(max !== undefined && photos.length >= max) && (
        <ImageLibraryPicker
          taken={new Set(photos.map((p) => p.id))}
          onPick={(img) => {
            onAdd({ id: img.id, alt: img.alt }, { id: img.id, url: img.url, alt: img.alt, width: img.width, height: img.height });
            setDone(`Added from the library: ${img.alt || img.name}.`);
          }}
        />
      )}
    </fieldset>
  );
}

// ---- An operator's change (ADR 0032), as the operator and the reviewing admin see it ----

const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  summary: 'Summary',
  description: 'Description',
  durationMinutes: 'Duration (minutes)',
  durationDays: 'Days',
  durationNights: 'Nights',
  minAge: 'Minimum age',
  difficulty: 'Difficulty',
  languages: 'Languages',
  highlights: 'Highlights',
  inclusions: 'Included',
  exclusions: 'Not included',
  itinerary: 'Itinerary',
  locations: 'Meeting points and pickups',
  faqs: 'Questions and answers',
  cancelType: 'Cancellation policy',
  rescheduleType: 'Date changes',
  images: 'Photos',
  rooms: 'Room types',
  footprint: 'Footprint facts',
};
export const listingFieldName = (f: string) => FIELD_NAMES[f] ?? f;

const RESCHEDULE_WORDS: Record<string, string> = { allow_reschedule_cancel: 'Date changes allowed', no_reschedule_cancel: 'No date changes' };

/** A field's value as text: lists one item a line, places and steps by their parts. */
function show(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (field === 'cancelType' && typeof v === 'string') return describeCancellation(v as CancellationPolicy).headline;
  if (field === 'rescheduleType' && typeof v === 'string') return RESCHEDULE_WORDS[v] ?? v;
  if (field === 'footprint' && typeof v === 'object' && 'legs' in v) return describeFootprintFacts(v as Footprint);
  if (Array.isArray(v)) {
    if (!v.length) return '—';
    return v.map((item) => (typeof item === 'object' && item ? Object.values(item as Record<string, unknown>).filter((x) => x !== null && x !== '').join(' · ') : String(item))).join('\n');
  }
  return String(v);
}

/** Photos as the reviewer sees them: each thumbnail with its alt text, in order (the first is the cover). */
function PhotoList({ photos, urls }: { photos: Photo[]; urls: Record<string, string> }) {
  if (!photos.length) return <>—</>;
  return (
    <ol className="adm-changes__photos" role="list">
      {photos.map((p) => (
        <li key={p.id}>
          {urls[String(p.id)] ? <img src={imageUrl(urls[String(p.id)]!, 128)} alt="" width="64" height="48" loading="lazy" /> : <span className="adm-thumb" />}
          <span>{p.alt}</span>
        </li>
      ))}
    </ol>
  );
}

const isPhotos = (v: unknown): v is Photo[] => Array.isArray(v);

/** What a change changes, field by field: what the page said and what the operator proposes. */
export function ChangeSummary({ changes, imageUrls = {} }: { changes: ListingFieldChange[]; imageUrls?: Record<string, string> }) {
  const value = (c: ListingFieldChange, v: unknown) => (c.field === 'images' && isPhotos(v) ? <PhotoList photos={v} urls={imageUrls} /> : show(c.field, v));
  return (
    <dl className="adm-changes">
      {changes.map((c) => (
        <div key={c.field} className="adm-changes__row">
          <dt>{listingFieldName(c.field)}</dt>
          <dd className="adm-changes__before">
            <span className="adm-changes__label">Before</span>
            {value(c, c.before)}
          </dd>
          <dd className="adm-changes__after">
            <span className="adm-changes__label">After</span>
            {value(c, c.after)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
