// One collection in the back-office (ADR 0035): every field its public pages show (title,
// address, tagline, intro, place, gift and featured flags, order, hero image with alt text,
// categories, tips, and its experiences in order with their category), on the editing screen
// every record shares (RecordEditor.tsx): drafts, preview, publish now or later, unpublish, history.
import { useState } from 'react';
import { adminReferences, collectionCalls } from '../../api-client/admin.ts';
import type { AdminCollection, CollectionDraft } from '../../contract/admin.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ExperiencePicker } from './ExperiencePicker.tsx';
import { AddressField, HeroImageFieldset, PlaceFields } from './RecordFields.tsx';
import { EditorChrome, EditorGate, Field, markNaN, moveItem, NumberField, useRecordEditor } from './RecordEditor.tsx';

type Category = CollectionDraft['categories'][number];
type Tip = CollectionDraft['tips'][number];

const toForm = (c: AdminCollection): CollectionDraft => c.draft;

function fromForm(f: CollectionDraft): { doc: CollectionDraft } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  markNaN(f, 'draft', errors);
  return Object.keys(errors).length ? { errors } : { doc: f };
}

/** A category's address from its name ("Night walks" → night-walks). */
const slugify = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

function Tools({ i, count, what, onMove, onRemove }: { i: number; count: number; what: string; onMove: (by: -1 | 1) => void; onRemove: () => void }) {
  return (
    <span className="adm-images__tools">
      <button type="button" disabled={i === 0} onClick={() => onMove(-1)} aria-label={`Move ${what} ${i + 1} up`}>
        ↑
      </button>
      <button type="button" disabled={i === count - 1} onClick={() => onMove(1)} aria-label={`Move ${what} ${i + 1} down`}>
        ↓
      </button>
      <button type="button" onClick={onRemove} aria-label={`Remove ${what} ${i + 1}`}>
        ✕
      </button>
    </span>
  );
}

export default function CollectionEditor({ id }: { id: number }) {
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const ed = useRecordEditor<AdminCollection, CollectionDraft, CollectionDraft>({ id, calls: collectionCalls, noun: 'collection', toForm, fromForm });
  const [picked, setPicked] = useState<Record<string, string>>({});
  const { x, form: d, patchForm, errors } = ed;
  if (!x || !d) return <EditorGate ed={ed} noun="collection" listHref="/admin/collections" listLabel="All collections" />;

  const err = (path: string) => errors[path];
  const setCategory = (i: number, k: Category) => {
    const before = d.categories[i]!;
    // A category's new address follows into the experiences filed under it.
    const options = before.slug === k.slug ? d.options : d.options.map((o) => (o.category === before.slug ? { ...o, category: k.slug } : o));
    patchForm({ categories: d.categories.map((c, j) => (j === i ? k : c)), options });
  };
  const removeCategory = (i: number) => {
    const gone = d.categories[i]!.slug;
    patchForm({ categories: d.categories.filter((_, j) => j !== i), options: d.options.map((o) => (o.category === gone ? { ...o, category: null } : o)) });
  };
  const setTip = (i: number, t: Tip) => patchForm({ tips: d.tips.map((x2, j) => (j === i ? t : x2)) });
  const names = { ...x.optionNames, ...picked };

  return (
    <EditorChrome
      ed={ed}
      title={d.name || 'Untitled collection'}
      back={{ href: '/admin/collections', label: 'Collections' }}
      liveHref={`/collections/${x.liveSlug}`}
      problem={references.state.status === 'error' && <Problem text={`The lists of countries and cities could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      fieldLabel={fieldLabel}
    >
      <fieldset className="adm-card adm-fields">
        <legend>Basics</legend>
        <Field label="Title" error={err('draft.name')} wide>
          <input value={d.name} onChange={(e) => patchForm({ name: e.target.value })} />
        </Field>
        <AddressField base="/collections" value={d.slug} liveSlug={x.liveSlug} redirectsFrom={x.redirectsFrom} onChange={(slug) => patchForm({ slug })} error={err('draft.slug')} />
        <Field label="Tagline" hint="Under the title, on cards and in the page description" error={err('draft.tagline')} wide>
          <input value={d.tagline} onChange={(e) => patchForm({ tagline: e.target.value })} />
        </Field>
        <Field label="Intro" hint="Paragraphs separated by a blank line" error={err('draft.description')} wide>
          <textarea rows={6} value={d.description} onChange={(e) => patchForm({ description: e.target.value })} />
        </Field>
        <PlaceFields refs={refs} countryId={d.countryId} cityId={d.cityId} onChange={patchForm} err={err} countryOptional />
        <NumberField label="Order among collections" error={err('draft.position')} value={d.position} onValue={(v) => patchForm({ position: v ?? Number.NaN })} />
        <label className="adm-switch">
          <input type="checkbox" checked={d.isGift} onChange={(e) => patchForm({ isGift: e.target.checked })} />
          <span>
            <strong>Gift collection</strong>
            <span className="adm-sub">Listed under Gifts instead of its place.</span>
          </span>
        </label>
        <label className="adm-switch">
          <input type="checkbox" checked={d.featured} onChange={(e) => patchForm({ featured: e.target.checked })} />
          <span>
            <strong>Featured</strong>
            <span className="adm-sub">Shown first where collections are featured.</span>
          </span>
        </label>
      </fieldset>

      <HeroImageFieldset image={d.image} urls={x.imageUrls} onChange={(image) => patchForm({ image })} err={err} />

      <fieldset className="adm-card adm-fields">
        <legend>Categories</legend>
        <p className="adm-note adm-field--wide">The page groups its experiences under these, in this order; each has a page of its own.</p>
        {err('draft.categories') && <p className="adm-field__error adm-field--wide">{err('draft.categories')}</p>}
        <ol className="adm-blocks adm-field--wide" role="list">
          {d.categories.map((k, i) => (
            <li key={k.id ?? `new-${i}`} className="adm-block">
              <div className="adm-block__head">
                <strong>{k.name || `Category ${i + 1}`}</strong>
                <Tools i={i} count={d.categories.length} what="category" onMove={(by) => patchForm({ categories: moveItem(d.categories, i, by) })} onRemove={() => removeCategory(i)} />
              </div>
              <div className="adm-fields adm-fields--flat">
                <Field label="Name" error={err(`draft.categories.${i}.name`)}>
                  <input value={k.name} onChange={(e) => setCategory(i, { ...k, name: e.target.value, slug: k.id === null && (k.slug === '' || k.slug === slugify(k.name)) ? slugify(e.target.value) : k.slug })} />
                </Field>
                <Field label="Address" hint={`…/collections/${d.slug}/${k.slug}`} error={err(`draft.categories.${i}.slug`)}>
                  <input value={k.slug} onChange={(e) => setCategory(i, { ...k, slug: e.target.value })} />
                </Field>
                <Field label="Description" error={err(`draft.categories.${i}.description`)} wide>
                  <textarea rows={2} value={k.description} onChange={(e) => setCategory(i, { ...k, description: e.target.value })} />
                </Field>
              </div>
            </li>
          ))}
        </ol>
        <p className="adm-add adm-field--wide">
          <button type="button" className="button button--ghost" onClick={() => patchForm({ categories: [...d.categories, { id: null, slug: '', name: '', description: '' }] })}>
            Add a category
          </button>
        </p>
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Experiences</legend>
        <ExperiencePicker
          label={`In this collection (${d.options.length}), in page order`}
          items={d.options}
          idOf={(o) => o.optionId}
          make={(optionId) => ({ optionId, category: null })}
          onChange={(options) => patchForm({ options })}
          names={names}
          onPicked={(pid, name) => setPicked((p) => ({ ...p, [String(pid)]: name }))}
          rowError={(i) => err(`draft.options.${i}.optionId`) ?? err(`draft.options.${i}.category`)}
          error={err('draft.options')}
          max={300}
          extra={(o, i) => (
            <label className="adm-field adm-picker__extra">
              <span className="visually-hidden">Category of {names[String(o.optionId)] ?? `experience ${o.optionId}`}</span>
              <select value={o.category ?? ''} onChange={(e) => patchForm({ options: d.options.map((x2, j) => (j === i ? { ...x2, category: e.target.value || null } : x2)) })}>
                <option value="">No category</option>
                {d.categories
                  .filter((k) => k.slug)
                  .map((k) => (
                    <option key={k.slug} value={k.slug}>
                      {k.name || k.slug}
                    </option>
                  ))}
              </select>
            </label>
          )}
        />
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Tips</legend>
        <p className="adm-note adm-field--wide">The curators’ tips, on the collection’s tips page.</p>
        <ol className="adm-blocks adm-field--wide" role="list">
          {d.tips.map((tip, i) => (
            <li key={i} className="adm-block">
              <div className="adm-block__head">
                <strong>Tip {i + 1}</strong>
                <Tools i={i} count={d.tips.length} what="tip" onMove={(by) => patchForm({ tips: moveItem(d.tips, i, by) })} onRemove={() => patchForm({ tips: d.tips.filter((_, j) => j !== i) })} />
              </div>
              <div className="adm-fields adm-fields--flat">
                <Field label="Title" error={err(`draft.tips.${i}.title`)} wide>
                  <input value={tip.title} onChange={(e) => setTip(i, { ...tip, title: e.target.value })} />
                </Field>
                <Field label="Tip" error={err(`draft.tips.${i}.body`)} wide>
                  <textarea rows={3} value={tip.body} onChange={(e) => setTip(i, { ...tip, body: e.target.value })} />
                </Field>
              </div>
            </li>
          ))}
        </ol>
        <p className="adm-add adm-field--wide">
          <button type="button" className="button button--ghost" onClick={() => patchForm({ tips: [...d.tips, { title: '', body: '' }] })}>
            Add a tip
          </button>
        </p>
      </fieldset>
    </EditorChrome>
  );
}

function fieldLabel(f: string): string {
  return { name: 'title', slug: 'address', description: 'intro', countryId: 'country', cityId: 'city', isGift: 'gift', position: 'order', image: 'hero image', options: 'experiences' }[f] ?? f;
}
