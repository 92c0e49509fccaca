// One travel itinerary in the back-office (ADR 0035): what its public page shows (title, address,
// summary, country and city, hero image with alt text, and its days in order with their text and
// experiences), on the editing screen every record shares (RecordEditor.tsx): drafts, preview,
// publish now or later, unpublish, history.
import { useState } from 'react';
import { adminReferences, itineraryCalls } from '../../api-client/admin.ts';
import type { AdminItinerary, ItineraryDraft } from '../../contract/admin.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ExperiencePicker } from './ExperiencePicker.tsx';
import { AddressField, HeroImageFieldset, PlaceFields } from './RecordFields.tsx';
import { EditorChrome, EditorGate, Field, markNaN, moveItem, useRecordEditor } from './RecordEditor.tsx';

type Day = ItineraryDraft['days'][number];

const toForm = (i: AdminItinerary): ItineraryDraft => i.draft;

function fromForm(f: ItineraryDraft): { doc: ItineraryDraft } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  markNaN(f, 'draft', errors);
  if (Number.isNaN(f.countryId)) errors['draft.countryId'] = 'Choose a country';
  return Object.keys(errors).length ? { errors } : { doc: f };
}

export default function ItineraryEditor({ id }: { id: number }) {
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const ed = useRecordEditor<AdminItinerary, ItineraryDraft, ItineraryDraft>({ id, calls: itineraryCalls, noun: 'itinerary', toForm, fromForm });
  const [picked, setPicked] = useState<Record<string, string>>({});
  const { x, form: d, patchForm, errors } = ed;
  if (!x || !d) return <EditorGate ed={ed} noun="itinerary" listHref="/admin/itineraries" listLabel="All itineraries" />;

  const err = (path: string) => errors[path];
  const setDay = (i: number, day: Day) => patchForm({ days: d.days.map((x2, j) => (j === i ? day : x2)) });
  const names = { ...x.optionNames, ...picked };

  return (
    <EditorChrome
      ed={ed}
      title={d.title || 'Untitled itinerary'}
      back={{ href: '/admin/itineraries', label: 'Travel itineraries' }}
      liveHref={`/itineraries/${x.liveSlug}`}
      problem={references.state.status === 'error' && <Problem text={`The lists of countries and cities could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      fieldLabel={fieldLabel}
    >
      <fieldset className="adm-card adm-fields">
        <legend>Basics</legend>
        <Field label="Title" error={err('draft.title')} wide>
          <input value={d.title} onChange={(e) => patchForm({ title: e.target.value })} />
        </Field>
        <AddressField base="/itineraries" value={d.slug} liveSlug={x.liveSlug} redirectsFrom={x.redirectsFrom} onChange={(slug) => patchForm({ slug })} error={err('draft.slug')} />
        <Field label="Summary" hint="Under the title and in the page description" error={err('draft.summary')} wide>
          <textarea rows={3} value={d.summary} onChange={(e) => patchForm({ summary: e.target.value })} />
        </Field>
        <PlaceFields refs={refs} countryId={d.countryId} cityId={d.cityId} onChange={(p) => patchForm({ countryId: p.countryId ?? Number.NaN, cityId: p.cityId })} err={err} countryOptional={false} />
      </fieldset>

      <HeroImageFieldset image={d.image} urls={x.imageUrls} onChange={(image) => patchForm({ image })} err={err} />

      <fieldset className="adm-card adm-fields">
        <legend>Days</legend>
        <p className="adm-note adm-field--wide">Numbered in this order: the first is day 1.</p>
        {err('draft.days') && <p className="adm-field__error adm-field--wide">{err('draft.days')}</p>}
        <ol className="adm-blocks adm-field--wide" role="list">
          {d.days.map((day, i) => (
            <li key={i} className="adm-block">
              <div className="adm-block__head">
                <strong>Day {i + 1}</strong>
                <span className="adm-images__tools">
                  <button type="button" disabled={i === 0} onClick={() => patchForm({ days: moveItem(d.days, i, -1) })} aria-label={`Move day ${i + 1} up`}>
                    ↑
                  </button>
                  <button type="button" disabled={i === d.days.length - 1} onClick={() => patchForm({ days: moveItem(d.days, i, 1) })} aria-label={`Move day ${i + 1} down`}>
                    ↓
                  </button>
                  <button type="button" onClick={() => patchForm({ days: d.days.filter((_, j) => j !== i) })} aria-label={`Remove day ${i + 1}`}>
                    ✕
                  </button>
                </span>
              </div>
              <div className="adm-fields adm-fields--flat">
                <Field label="Title" error={err(`draft.days.${i}.title`)} wide>
                  <input value={day.title} onChange={(e) => setDay(i, { ...day, title: e.target.value })} />
                </Field>
                <Field label="What happens" hint="Paragraphs separated by a blank line" error={err(`draft.days.${i}.description`)} wide>
                  <textarea rows={4} value={day.description} onChange={(e) => setDay(i, { ...day, description: e.target.value })} />
                </Field>
                <ExperiencePicker
                  label={`Experiences on day ${i + 1}`}
                  items={day.optionIds}
                  idOf={(v) => v}
                  make={(v) => v}
                  onChange={(optionIds) => setDay(i, { ...day, optionIds })}
                  names={names}
                  onPicked={(pid, name) => setPicked((p) => ({ ...p, [String(pid)]: name }))}
                  rowError={(k) => err(`draft.days.${i}.optionIds.${k}`)}
                  error={err(`draft.days.${i}.optionIds`)}
                  max={10}
                />
              </div>
            </li>
          ))}
        </ol>
        <p className="adm-add adm-field--wide">
          <button type="button" className="button button--ghost" onClick={() => patchForm({ days: [...d.days, { title: '', description: '', optionIds: [] }] })}>
            Add a day
          </button>
        </p>
      </fieldset>
    </EditorChrome>
  );
}

function fieldLabel(f: string): string {
  return { slug: 'address', countryId: 'country', cityId: 'city', image: 'hero image' }[f] ?? f;
}
