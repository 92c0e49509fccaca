// One experience in the back-office: every field its public page shows, on the editing screen
// every record shares (RecordEditor.tsx: draft beside live, preview, publish now or at a time,
// unpublish, revision history with restore, a stale save refused with the form kept).
import { adminReferences, experienceCalls } from '../../api-client/admin.ts';
import type { AdminExperience, AdminReferences, ExperienceDraft } from '../../contract/admin.ts';
import { linesToList, minorToText, textToMinor } from '../../lib/admin-pages.ts';
import { imageUrl } from '../../lib/format-image.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { EditorChrome, EditorGate, Field, markNaN, moveItem, NumberField, useRecordEditor } from './RecordEditor.tsx';

type PriceKey = keyof ExperienceDraft['prices'];
const MONEY_KEYS: PriceKey[] = ['adult', 'child', 'localAdult', 'localChild', 'group', 'additionalPax'];
const COUNT_KEYS: PriceKey[] = ['groupIncludedPax', 'minPax'];
const PRICE_LABEL: Record<PriceKey, string> = {
  adult: 'Adult price',
  child: 'Child price',
  localAdult: 'Local adult price',
  localChild: 'Local child price',
  group: 'Group price',
  groupIncludedPax: 'Guests in the group price',
  additionalPax: 'Each additional guest',
  minPax: 'Minimum guests billed',
};
const LIST_KEYS = ['highlights', 'inclusions', 'exclusions', 'languages', 'startTimes'] as const;
type ListKey = (typeof LIST_KEYS)[number];

type Form = {
  doc: ExperienceDraft;
  prices: Record<PriceKey, string>;
  lists: Record<ListKey, string>;
};

function toForm(x: AdminExperience): Form {
  const p = x.draft.prices;
  const prices = {} as Record<PriceKey, string>;
  for (const k of MONEY_KEYS) prices[k] = minorToText(p[k], x.currencyExponent);
  for (const k of COUNT_KEYS) prices[k] = p[k] === null ? '' : String(p[k]);
  const lists = {} as Record<ListKey, string>;
  for (const k of LIST_KEYS) lists[k] = x.draft[k].join('\n');
  return { doc: x.draft, prices, lists };
}

/** The form as a document, or the fields the browser can already tell are wrong. */
function fromForm(f: Form, exponent: number): { doc: ExperienceDraft } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const prices = { ...f.doc.prices };
  for (const k of MONEY_KEYS) {
    const v = textToMinor(f.prices[k], exponent);
    if (Number.isNaN(v)) errors[`draft.prices.${k}`] = exponent ? `Enter an amount like 45 or 45.50` : 'Enter a whole amount like 4500';
    else prices[k] = v;
  }
  for (const k of COUNT_KEYS) {
    const t = f.prices[k].trim();
    if (t === '') prices[k] = null;
    else if (!/^\d+$/.test(t)) errors[`draft.prices.${k}`] = 'Enter a whole number';
    else prices[k] = Number(t);
  }
  markNaN({ ...f.doc, prices: {} }, 'draft', errors);
  if (Object.keys(errors).length) return { errors };
  const lists = Object.fromEntries(LIST_KEYS.map((k) => [k, linesToList(f.lists[k])])) as Record<ListKey, string[]>;
  return { doc: { ...f.doc, prices, ...lists } };
}

export default function ExperienceEditor({ id }: { id: number }) {
  // Cities, countries and tags for the selects: without them a select would offer nothing.
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const ed = useRecordEditor<AdminExperience, ExperienceDraft, Form>({ id, calls: experienceCalls, noun: 'experience', toForm, fromForm: (f, v) => fromForm(f, v.currencyExponent) });
  const { x, form, setForm, errors } = ed;
  if (!x || !form) return <EditorGate ed={ed} noun="experience" listHref="/admin/experiences" listLabel="All experiences" />;

  const setDoc = (patch: Partial<ExperienceDraft>) => setForm((f) => (f ? { ...f, doc: { ...f.doc, ...patch } } : f));
  const err = (path: string) => errors[path];

  const d = form.doc;
  const citiesByCountry = new Map<string, AdminReferences['cities']>();
  for (const c of refs?.cities ?? []) citiesByCountry.set(c.country, [...(citiesByCountry.get(c.country) ?? []), c]);
  const tagGroups = new Map<string, AdminReferences['tags']>();
  for (const t of refs?.tags ?? []) if (t.kind !== 'activity_type') tagGroups.set(t.kind, [...(tagGroups.get(t.kind) ?? []), t]);
  const activityTypes = (refs?.tags ?? []).filter((t) => t.kind === 'activity_type');
  const shownPrices: PriceKey[] =
    x.priceUnit === 'per_group' ? ['group', 'groupIncludedPax', 'additionalPax', 'minPax', 'adult'] : x.priceUnit === 'per_person' ? ['adult', 'child', 'localAdult', 'localChild'] : [];

  return (
    <EditorChrome
      ed={ed}
      title={d.name || 'Untitled experience'}
      back={{ href: '/admin/experiences', label: 'Experiences' }}
      liveHref={`/experiences/${x.liveSlugCode}`}
      problem={references.state.status === 'error' && <Problem text={`The lists of cities and tags could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      fieldLabel={fieldLabel}
    >
          <fieldset className="adm-card adm-fields">
            <legend>Basics</legend>
            <Field label="Name" error={err('draft.name')} wide>
              <input value={d.name} onChange={(e) => setDoc({ name: e.target.value })} />
            </Field>
            <Field label="Address" hint={`verdant.com/experiences/${d.slugCode}`} error={err('draft.slugCode')} wide>
              <input value={d.slugCode} onChange={(e) => setDoc({ slugCode: e.target.value })} spellCheck={false} />
            </Field>
            {d.slugCode !== x.liveSlugCode && <p className="adm-note">When published, the old address /experiences/{x.liveSlugCode} will redirect here permanently.</p>}
            {x.redirectsFrom.length > 0 && <p className="adm-note">Also reached from: {x.redirectsFrom.map((s) => `/experiences/${s}`).join(', ')}</p>}
            <Field label="Summary" hint="One or two sentences for cards and search results" error={err('draft.summary')} wide>
              <textarea rows={2} value={d.summary} onChange={(e) => setDoc({ summary: e.target.value })} />
            </Field>
            <Field label="Description" error={err('draft.description')} wide>
              <textarea rows={8} value={d.description} onChange={(e) => setDoc({ description: e.target.value })} />
            </Field>
            <Field label="City" error={err('draft.cityId')}>
              <select value={String(d.cityId)} onChange={(e) => setDoc({ cityId: Number(e.target.value) })}>
                {[...citiesByCountry].map(([country, cs]) => (
                  <optgroup key={country} label={country}>
                    {cs.map((c) => (
                      <option key={c.id} value={String(c.id)}>
                        {c.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
                {!refs && <option value={String(d.cityId)}>Loading…</option>}
              </select>
            </Field>
            <Field label="Activity type" error={err('draft.activityTypeId')}>
              <select value={d.activityTypeId === null ? '' : String(d.activityTypeId)} onChange={(e) => setDoc({ activityTypeId: e.target.value ? Number(e.target.value) : null })}>
                <option value="">None</option>
                {activityTypes.map((t) => (
                  <option key={t.id} value={String(t.id)}>
                    {t.name}
                  </option>
                ))}
              </select>
            </Field>
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Prices</legend>
            <p className="adm-note adm-field--wide">
              In {x.currency}, {x.priceUnit.replace('_', ' ')}. Leave a price empty when it does not apply.
            </p>
            {x.priceUnit === 'per_room' && <p className="adm-note adm-field--wide">This stay is priced per room and night; room prices are edited with the rooms (not yet in the back-office).</p>}
            {shownPrices.map((k) => (
              <Field key={k} label={PRICE_LABEL[k]} error={err(`draft.prices.${k}`)}>
                <span className="adm-money">
                  {MONEY_KEYS.includes(k) && <span aria-hidden="true">{x.currency}</span>}
                  <input inputMode={MONEY_KEYS.includes(k) ? 'decimal' : 'numeric'} value={form.prices[k]} onChange={(e) => setForm({ ...form, prices: { ...form.prices, [k]: e.target.value } })} />
                </span>
              </Field>
            ))}
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Details</legend>
            <NumberField label="Duration (minutes)" error={err('draft.durationMinutes')} value={d.durationMinutes} onValue={(v) => setDoc({ durationMinutes: v })} />
            <NumberField label="Days" error={err('draft.durationDays')} value={d.durationDays} onValue={(v) => setDoc({ durationDays: v })} />
            <NumberField label="Nights" error={err('draft.durationNights')} value={d.durationNights} onValue={(v) => setDoc({ durationNights: v })} />
            <NumberField label="Guests per departure" error={err('draft.capacity')} value={d.capacity} onValue={(v) => setDoc({ capacity: v ?? Number.NaN })} />
            <NumberField label="Minimum age" error={err('draft.minAge')} value={d.minAge} onValue={(v) => setDoc({ minAge: v })} />
            <Field label="Difficulty" error={err('draft.difficulty')}>
              <select value={d.difficulty} onChange={(e) => setDoc({ difficulty: e.target.value as ExperienceDraft['difficulty'] })}>
                <option value="easy">Easy</option>
                <option value="moderate">Moderate</option>
                <option value="challenging">Challenging</option>
              </select>
            </Field>
            <Field label="Start times" hint="One per line, 24-hour (07:30)" error={Object.entries(errors).find(([k]) => k.startsWith('draft.startTimes'))?.[1]}>
              <textarea rows={3} value={form.lists.startTimes} onChange={(e) => setForm({ ...form, lists: { ...form.lists, startTimes: e.target.value } })} />
            </Field>
            <Field label="Languages" hint="One per line" error={Object.entries(errors).find(([k]) => k.startsWith('draft.languages'))?.[1]}>
              <textarea rows={3} value={form.lists.languages} onChange={(e) => setForm({ ...form, lists: { ...form.lists, languages: e.target.value } })} />
            </Field>
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Highlights, inclusions and exclusions</legend>
            {(['highlights', 'inclusions', 'exclusions'] as const).map((k) => (
              <Field key={k} label={k[0]!.toUpperCase() + k.slice(1)} hint="One per line" error={Object.entries(errors).find(([e]) => e.startsWith(`draft.${k}`))?.[1]} wide>
                <textarea rows={4} value={form.lists[k]} onChange={(e) => setForm({ ...form, lists: { ...form.lists, [k]: e.target.value } })} />
              </Field>
            ))}
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Itinerary</legend>
            {d.itinerary.map((s, i) => (
              <div className="adm-repeat" key={i}>
                <Field label="Time" error={err(`draft.itinerary.${i}.time`)}>
                  <input value={s.time ?? ''} onChange={(e) => setDoc({ itinerary: d.itinerary.map((x2, j) => (j === i ? { ...x2, time: e.target.value || null } : x2)) })} />
                </Field>
                <Field label="Title" error={err(`draft.itinerary.${i}.title`)}>
                  <input value={s.title} onChange={(e) => setDoc({ itinerary: d.itinerary.map((x2, j) => (j === i ? { ...x2, title: e.target.value } : x2)) })} />
                </Field>
                <Field label="What happens" error={err(`draft.itinerary.${i}.description`)} wide>
                  <textarea rows={2} value={s.description} onChange={(e) => setDoc({ itinerary: d.itinerary.map((x2, j) => (j === i ? { ...x2, description: e.target.value } : x2)) })} />
                </Field>
                <button type="button" className="adm-remove" onClick={() => setDoc({ itinerary: d.itinerary.filter((_, j) => j !== i) })}>
                  Remove step {i + 1}
                </button>
              </div>
            ))}
            <button type="button" className="button button--ghost adm-add" onClick={() => setDoc({ itinerary: [...d.itinerary, { time: null, title: '', description: '' }] })}>
              Add a step
            </button>
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Locations</legend>
            {d.locations.map((l, i) => {
              const upd = (patch: Partial<typeof l>) => setDoc({ locations: d.locations.map((x2, j) => (j === i ? { ...x2, ...patch } : x2)) });
              return (
                <div className="adm-repeat" key={i}>
                  <Field label="Kind">
                    <select value={l.kind} onChange={(e) => upd({ kind: e.target.value as typeof l.kind })}>
                      <option value="meetup">Meeting point</option>
                      <option value="pickup">Pickup</option>
                      <option value="return">Drop-off</option>
                    </select>
                  </Field>
                  <Field label="Name" error={err(`draft.locations.${i}.name`)}>
                    <input value={l.name} onChange={(e) => upd({ name: e.target.value })} />
                  </Field>
                  <Field label="Address" error={err(`draft.locations.${i}.address`)} wide>
                    <input value={l.address} onChange={(e) => upd({ address: e.target.value })} />
                  </Field>
                  <Field label="Note" error={err(`draft.locations.${i}.note`)} wide>
                    <input value={l.note} onChange={(e) => upd({ note: e.target.value })} />
                  </Field>
                  <NumberField label="Latitude" decimal error={err(`draft.locations.${i}.latitude`)} value={l.latitude} onValue={(v) => upd({ latitude: v })} />
                  <NumberField label="Longitude" decimal error={err(`draft.locations.${i}.longitude`)} value={l.longitude} onValue={(v) => upd({ longitude: v })} />
                  <button type="button" className="adm-remove" onClick={() => setDoc({ locations: d.locations.filter((_, j) => j !== i) })}>
                    Remove this place
                  </button>
                </div>
              );
            })}
            <button type="button" className="button button--ghost adm-add" onClick={() => setDoc({ locations: [...d.locations, { kind: 'meetup', name: '', address: '', note: '', latitude: null, longitude: null }] })}>
              Add a place
            </button>
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Questions and answers</legend>
            {d.faqs.map((f, i) => (
              <div className="adm-repeat" key={i}>
                <Field label="Question" error={err(`draft.faqs.${i}.question`)} wide>
                  <input value={f.question} onChange={(e) => setDoc({ faqs: d.faqs.map((x2, j) => (j === i ? { ...x2, question: e.target.value } : x2)) })} />
                </Field>
                <Field label="Answer" error={err(`draft.faqs.${i}.answer`)} wide>
                  <textarea rows={3} value={f.answer} onChange={(e) => setDoc({ faqs: d.faqs.map((x2, j) => (j === i ? { ...x2, answer: e.target.value } : x2)) })} />
                </Field>
                <button type="button" className="adm-remove" onClick={() => setDoc({ faqs: d.faqs.filter((_, j) => j !== i) })}>
                  Remove question {i + 1}
                </button>
              </div>
            ))}
            <button type="button" className="button button--ghost adm-add" onClick={() => setDoc({ faqs: [...d.faqs, { question: '', answer: '' }] })}>
              Add a question
            </button>
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Tags</legend>
            {[...tagGroups].map(([kind, ts]) => (
              <div className="adm-field--wide adm-tags" key={kind}>
                <p className="adm-field__label">{kind === 'suitable' ? 'Suitable for' : kind[0]!.toUpperCase() + kind.slice(1)}</p>
                <div className="adm-chips">
                  {ts.map((t) => (
                    <label className="adm-chip" key={t.id}>
                      <input type="checkbox" checked={d.tagIds.includes(t.id)} onChange={(e) => setDoc({ tagIds: e.target.checked ? [...d.tagIds, t.id] : d.tagIds.filter((v) => v !== t.id) })} />
                      <span>{t.name}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
            {err('draft.tagIds') && <p className="adm-field__error">{err('draft.tagIds')}</p>}
          </fieldset>

          <fieldset className="adm-card adm-fields">
            <legend>Images</legend>
            <p className="adm-note adm-field--wide">The first image is the cover. Alt text describes the picture for people who cannot see it.</p>
            <ol className="adm-images adm-field--wide" role="list">
              {d.images.map((img, i) => (
                <li key={img.id}>
                  {x.imageUrls[String(img.id)] ? <img src={imageUrl(x.imageUrls[String(img.id)]!, 256)} alt="" width="120" height="80" loading="lazy" onError={(e) => { (e.target as HTMLImageElement).src = x.imageUrls[String(img.id)]!; }} /> : <span className="adm-thumb" />}
                  <Field label={`Alt text${i === 0 ? ' (cover)' : ''}`} error={err(`draft.images.${i}.alt`)} wide>
                    <input value={img.alt} onChange={(e) => setDoc({ images: d.images.map((x2, j) => (j === i ? { ...x2, alt: e.target.value } : x2)) })} />
                  </Field>
                  <span className="adm-images__tools">
                    <button type="button" disabled={i === 0} onClick={() => setDoc({ images: moveItem(d.images, i, -1) })} aria-label={`Move image ${i + 1} up`}>
                      ↑
                    </button>
                    <button type="button" disabled={i === d.images.length - 1} onClick={() => setDoc({ images: moveItem(d.images, i, 1) })} aria-label={`Move image ${i + 1} down`}>
                      ↓
                    </button>
                    <button type="button" onClick={() => setDoc({ images: d.images.filter((_, j) => j !== i) })} aria-label={`Remove image ${i + 1}`}>
                      ✕
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          </fieldset>
    </EditorChrome>
  );
}

function fieldLabel(f: string): string {
  if (f.startsWith('prices.')) return PRICE_LABEL[f.slice(7) as PriceKey]?.toLowerCase() ?? f;
  return { slugCode: 'address', cityId: 'city', activityTypeId: 'activity type', tagIds: 'tags', faqs: 'questions', startTimes: 'start times', minAge: 'minimum age' }[f] ?? f.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}
