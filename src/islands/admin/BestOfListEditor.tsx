// One best-of list in the back-office (ADR 0035): every field its pages show (title, address,
// intro, country and city, its image with alt text, and its picks ranked by their order, each with
// why it made the list), on the editing screen every record shares (RecordEditor.tsx): drafts,
// preview, publish now or later, unpublish, history.
import { useState } from 'react';
import { adminReferences, bestOfListCalls } from '../../api-client/admin.ts';
import type { AdminBestOfList, BestOfListDraft } from '../../contract/admin.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ExperiencePicker } from './ExperiencePicker.tsx';
import { AddressField, HeroImageFieldset, PlaceFields } from './RecordFields.tsx';
import { EditorChrome, EditorGate, Field, markNaN, useRecordEditor } from './RecordEditor.tsx';

const toForm = (l: AdminBestOfList): BestOfListDraft => l.draft;

function fromForm(f: BestOfListDraft): { doc: BestOfListDraft } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  markNaN(f, 'draft', errors);
  return Object.keys(errors).length ? { errors } : { doc: f };
}

export default function BestOfListEditor({ id }: { id: number }) {
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const ed = useRecordEditor<AdminBestOfList, BestOfListDraft, BestOfListDraft>({ id, calls: bestOfListCalls, noun: 'best-of list', toForm, fromForm });
  const [picked, setPicked] = useState<Record<string, string>>({});
  const { x, form: d, patchForm, errors } = ed;
  if (!x || !d) return <EditorGate ed={ed} noun="best-of list" listHref="/admin/best-of-lists" listLabel="All best-of lists" />;

  const err = (path: string) => errors[path];
  const names = { ...x.optionNames, ...picked };

  return (
    <EditorChrome
      ed={ed}
      title={d.title || 'Untitled best-of list'}
      back={{ href: '/admin/best-of-lists', label: 'Best-of lists' }}
      liveHref={`/best-of/${x.liveSlug}`}
      problem={references.state.status === 'error' && <Problem text={`The lists of countries and cities could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      fieldLabel={fieldLabel}
    >
      <fieldset className="adm-card adm-fields">
        <legend>Basics</legend>
        <Field label="Title" error={err('draft.title')} wide>
          <input value={d.title} onChange={(e) => patchForm({ title: e.target.value })} />
        </Field>
        <AddressField base="/best-of" value={d.slug} liveSlug={x.liveSlug} redirectsFrom={x.redirectsFrom} onChange={(slug) => patchForm({ slug })} error={err('draft.slug')} />
        <Field label="Intro" hint="Under the title, and in the page description" error={err('draft.intro')} wide>
          <textarea rows={4} value={d.intro} onChange={(e) => patchForm({ intro: e.target.value })} />
        </Field>
        <PlaceFields refs={refs} countryId={d.countryId} cityId={d.cityId} onChange={patchForm} err={err} countryOptional />
        <p className="adm-note adm-field--wide">The place leads the breadcrumb; a list of all of Asia has none.</p>
      </fieldset>

      <HeroImageFieldset
        image={d.image}
        urls={x.imageUrls}
        onChange={(image) => patchForm({ image })}
        err={err}
        legend="List image"
        lead="Shown on the list’s cards (home page, Destinations menu) and when the page is shared."
      />

      <fieldset className="adm-card adm-fields">
        <legend>Picks</legend>
        <p className="adm-note adm-field--wide">Ranked in this order: the first is number 1. Each pick has a page of its own that leads with why it made the list.</p>
        <ExperiencePicker
          label={`The picks (${d.items.length}), number 1 first`}
          items={d.items}
          idOf={(i) => i.optionId}
          make={(optionId) => ({ optionId, blurb: '' })}
          onChange={(items) => patchForm({ items })}
          names={names}
          onPicked={(pid, name) => setPicked((p) => ({ ...p, [String(pid)]: name }))}
          rowError={(i) => err(`draft.items.${i}.optionId`)}
          error={err('draft.items')}
          max={50}
          extra={(item, i) => (
            <Field label={`Why it is number ${i + 1}`} error={err(`draft.items.${i}.blurb`)} wide>
              <textarea rows={3} value={item.blurb} onChange={(e) => patchForm({ items: d.items.map((x2, j) => (j === i ? { ...x2, blurb: e.target.value } : x2)) })} />
            </Field>
          )}
        />
      </fieldset>
    </EditorChrome>
  );
}

function fieldLabel(f: string): string {
  return { slug: 'address', countryId: 'country', cityId: 'city', image: 'image', items: 'picks' }[f] ?? f;
}
