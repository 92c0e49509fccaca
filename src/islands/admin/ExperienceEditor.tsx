// One experience in the back-office: every field its public page shows, on the editing screen
// every record shares (RecordEditor.tsx: draft beside live, preview, publish now or at a time,
// unpublish, revision history with restore, a stale save refused with the form kept).
import { useState } from 'react';
import { adminReferences, experienceCalls, uploadImage } from '../../api-client/admin.ts';
import type { AdminExperience, AdminReferences, ExperienceDraft } from '../../contract/admin.ts';
import { linesToList } from '../../lib/admin-pages.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { CitySelect, FaqsFieldset, FootprintFieldset, ImagesFieldset, ItineraryFieldset, ListsFieldset, LocationsFieldset, PRICE_LABEL, PriceInputs, pricesOfUnit, pricesToText, textToPrices, type PriceKey, type PriceText } from './ExperienceFields.tsx';
import { EditorChrome, EditorGate, Field, markNaN, NumberField, useRecordEditor } from './RecordEditor.tsx';

const LIST_KEYS = ['highlights', 'inclusions', 'exclusions', 'languages', 'startTimes'] as const;
type ListKey = (typeof LIST_KEYS)[number];

type Form = {
  doc: ExperienceDraft;
  prices: PriceText;
  lists: Record<ListKey, string>;
};

function toForm(x: AdminExperience): Form {
  const lists = {} as Record<ListKey, string>;
  for (const k of LIST_KEYS) lists[k] = x.draft[k].join('\n');
  return { doc: x.draft, prices: pricesToText(x.draft.prices, x.currencyExponent), lists };
}

/** The form as a document, or the fields the browser can already tell are wrong. */
function fromForm(f: Form, exponent: number): { doc: ExperienceDraft } | { errors: Record<string, string> } {
  const { prices, errors } = textToPrices(f.prices, exponent, 'draft.prices.');
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
  // Photos uploaded on this screen, by id, until the record's own addresses include them.
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  if (!x || !form) return <EditorGate ed={ed} noun="experience" listHref="/admin/experiences" listLabel="All experiences" />;

  const setDoc = (patch: Partial<ExperienceDraft>) => setForm((f) => (f ? { ...f, doc: { ...f.doc, ...patch } } : f));
  const err = (path: string) => errors[path];
  const docErr = (path: string) => errors[`draft.${path}`];

  const d = form.doc;
  const tagGroups = new Map<string, AdminReferences['tags']>();
  for (const t of refs?.tags ?? []) if (t.kind !== 'activity_type') tagGroups.set(t.kind, [...(tagGroups.get(t.kind) ?? []), t]);
  const activityTypes = (refs?.tags ?? []).filter((t) => t.kind === 'activity_type');

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
            <CitySelect value={d.cityId} cities={refs?.cities ?? null} onChange={(cityId) => setDoc({ cityId })} error={err('draft.cityId')} />
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
            <PriceInputs keys={pricesOfUnit(x.priceUnit)} currency={x.currency} text={form.prices} onText={(prices) => setForm({ ...form, prices })} err={docErr} />
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

          <ListsFieldset text={form.lists} onText={(k, v) => setForm({ ...form, lists: { ...form.lists, [k]: v } })} err={docErr} />
          <ItineraryFieldset steps={d.itinerary} onChange={(itinerary) => setDoc({ itinerary })} err={docErr} />
          <LocationsFieldset places={d.locations} onChange={(locations) => setDoc({ locations })} err={docErr} />
          <FootprintFieldset value={d.footprint} onChange={(footprint) => setDoc({ footprint })} err={docErr} />
          <FaqsFieldset faqs={d.faqs} onChange={(faqs) => setDoc({ faqs })} err={docErr} />

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

          <ImagesFieldset
            photos={d.images}
            urls={{ ...x.imageUrls, ...uploaded }}
            onChange={(images) => setDoc({ images })}
            onAdd={(photo, up) => {
              setUploaded((u) => ({ ...u, [String(up.id)]: up.url }));
              setForm((f) => (f ? { ...f, doc: { ...f.doc, images: [...f.doc.images, photo] } } : f));
            }}
            err={docErr}
            upload={uploadImage}
            library
          />
    </EditorChrome>
  );
}

function fieldLabel(f: string): string {
  if (f.startsWith('prices.')) return PRICE_LABEL[f.slice(7) as PriceKey]?.toLowerCase() ?? f;
  return { slugCode: 'address', cityId: 'city', activityTypeId: 'activity type', tagIds: 'tags', faqs: 'questions', startTimes: 'start times', minAge: 'minimum age' }[f] ?? f.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}
