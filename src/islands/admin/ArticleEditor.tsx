// One magazine article in the back-office: every field its public page shows (title, address,
// kind, category, tags, cover image, excerpt, body, author, place, video, verdict, related
// experiences, publication date), on the editing screen every record shares (RecordEditor.tsx).
// The body's prose is rich text (RichTextEditor, loaded only when an article is opened); images,
// picks and days are blocks of their own.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { adminArticleReferences, articleCalls } from '../../api-client/admin.ts';
import type { AdminArticle, ArticleDraft, ArticleDraftBlock } from '../../contract/admin.ts';
import { BLOG_KIND_NAMES, BLOG_KINDS } from '../../contract/blogs.ts';
import { isoToLocal, localToIso } from '../../lib/admin-pages.ts';
import { imageUrl } from '../../lib/format-image.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { EditorChrome, EditorGate, Field, markNaN, moveItem, NumberField, useRecordEditor } from './RecordEditor.tsx';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

type Form = { doc: ArticleDraft; publishedAt: string };

const toForm = (a: AdminArticle): Form => ({ doc: a.draft, publishedAt: isoToLocal(a.draft.publishedAt) });

function fromForm(f: Form): { doc: ArticleDraft } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  markNaN(f.doc, 'draft', errors);
  const publishedAt = localToIso(f.publishedAt);
  if (!publishedAt) errors['draft.publishedAt'] = 'Choose the publication date and time';
  return Object.keys(errors).length || !publishedAt ? { errors } : { doc: { ...f.doc, publishedAt } };
}

/** Experience ids typed as "12, 40": NaN marks what is not an id (blocks saving). */
const readIds = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (/^\d{1,10}$/.test(t) ? Number(t) : Number.NaN));

function IdsField({ label, hint, error, value, onValue, names }: { label: string; hint: string; error?: string | undefined; value: number[]; onValue: (v: number[]) => void; names: Record<string, string> }) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    // A value set from outside (a restore, a reload) replaces the text; what was typed, even
    // what is not an id yet (NaN, marked below), stays as typed.
    const typed = readIds(text);
    if (typed.length !== value.length || typed.some((t, i) => !Object.is(t, value[i]))) setText(value.filter((v) => !Number.isNaN(v)).join(', '));
  }, [value]);
  const bad = value.some((v) => Number.isNaN(v));
  const known = value.filter((v) => names[String(v)]).map((v) => names[String(v)]);
  return (
    <Field label={label} hint={hint} error={bad ? 'Use experience numbers separated by commas' : error} wide>
      <span className="adm-ids">
        <input
          value={text}
          inputMode="numeric"
          aria-invalid={bad || !!error || undefined}
          onChange={(e) => {
            setText(e.target.value);
            onValue(readIds(e.target.value));
          }}
        />
        {known.length > 0 && <span className="adm-sub">{known.join(' · ')}</span>}
      </span>
    </Field>
  );
}

const NEW_BLOCK: Record<ArticleDraftBlock['type'], ArticleDraftBlock> = {
  rich: { type: 'rich', html: '<p></p>' },
  image: { type: 'image', imageId: Number.NaN, caption: '' },
  item: { type: 'item', title: '', text: '', optionId: null },
  day: { type: 'day', day: 1, title: '', text: '', optionIds: [] },
};
const BLOCK_LABEL: Record<ArticleDraftBlock['type'], string> = { rich: 'Text', image: 'Image', item: 'Pick (an experience)', day: 'Itinerary day' };

export default function ArticleEditor({ id }: { id: number }) {
  const references = useApi(adminArticleReferences, 'article-references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const ed = useRecordEditor<AdminArticle, ArticleDraft, Form>({ id, calls: articleCalls, noun: 'article', toForm, fromForm });
  const { x, form, setForm, errors } = ed;
  // Each body block's key, kept through moves and removals: a block's text editor (and its undo
  // history) stays with its block, not with its position.
  const blockKeys = useRef<number[]>([]);
  const nextKey = useRef(0);
  if (!x || !form) return <EditorGate ed={ed} noun="article" listHref="/admin/magazine" listLabel="All articles" />;

  const d = form.doc;
  const setDoc = (patch: Partial<ArticleDraft>) => setForm((f) => (f ? { ...f, doc: { ...f.doc, ...patch } } : f));
  const err = (path: string) => errors[path];
  const setBlock = (i: number, b: ArticleDraftBlock) => setDoc({ body: d.body.map((x2, j) => (j === i ? b : x2)) });
  // A body loaded or restored with another number of blocks: keys afresh.
  if (blockKeys.current.length !== d.body.length) blockKeys.current = d.body.map(() => nextKey.current++);
  const move = (i: number, by: -1 | 1) => {
    blockKeys.current = moveItem(blockKeys.current, i, by);
    setDoc({ body: moveItem(d.body, i, by) });
  };
  const remove = (i: number) => {
    blockKeys.current = blockKeys.current.filter((_, j) => j !== i);
    setDoc({ body: d.body.filter((_, j) => j !== i) });
  };
  const add = (b: ArticleDraftBlock) => {
    blockKeys.current = [...blockKeys.current, nextKey.current++];
    setDoc({ body: [...d.body, b] });
  };
  const citiesByCountry = (refs?.cities ?? []).filter((c) => !d.countryId || refs?.countries.find((k) => k.id === d.countryId)?.name === c.country);
  const img = (imageId: number | null) => (imageId && x.imageUrls[String(imageId)] ? <img className="adm-imgref__img" src={imageUrl(x.imageUrls[String(imageId)]!, 256)} alt="" width="120" height="80" loading="lazy" /> : <span className="adm-thumb adm-imgref__img" />);

  return (
    <EditorChrome
      ed={ed}
      title={d.title || 'Untitled article'}
      back={{ href: '/admin/magazine', label: 'Magazine' }}
      liveHref={`/magazine/a/${x.liveSlug}`}
      problem={references.state.status === 'error' && <Problem text={`The lists of categories, tags and places could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      fieldLabel={fieldLabel}
    >
      <fieldset className="adm-card adm-fields">
        <legend>Basics</legend>
        <Field label="Title" error={err('draft.title')} wide>
          <input value={d.title} onChange={(e) => setDoc({ title: e.target.value })} />
        </Field>
        <Field label="Address" hint={`verdant.com/magazine/a/${d.slug}`} error={err('draft.slug')} wide>
          <input value={d.slug} onChange={(e) => setDoc({ slug: e.target.value })} />
        </Field>
        <Field label="Kind" error={err('draft.kind')}>
          <select value={d.kind} onChange={(e) => setDoc({ kind: e.target.value as ArticleDraft['kind'] })}>
            {BLOG_KINDS.map((k) => (
              <option key={k} value={k}>
                {BLOG_KIND_NAMES[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Category" error={err('draft.categoryId')}>
          <select value={String(d.categoryId)} onChange={(e) => setDoc({ categoryId: Number(e.target.value) })}>
            {!refs && <option value={String(d.categoryId)}>Loading…</option>}
            {refs?.categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Publication date" hint="Shown on the page; the magazine lists newest first" error={err('draft.publishedAt')}>
          <input type="datetime-local" value={form.publishedAt} onChange={(e) => setForm({ ...form, publishedAt: e.target.value })} />
        </Field>
        <Field label="Excerpt" hint="On cards, in search results and in the page description" error={err('draft.excerpt')} wide>
          <textarea rows={3} value={d.excerpt} onChange={(e) => setDoc({ excerpt: e.target.value })} />
        </Field>
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Cover image</legend>
        <div className="adm-imgref adm-field--wide">
          {img(d.heroImageId)}
          <NumberField label="Image number" error={err('draft.heroImageId')} value={d.heroImageId} onValue={(v) => setDoc({ heroImageId: v })} />
        </div>
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Body</legend>
        {err('draft.body') && <p className="adm-field__error adm-field--wide">{err('draft.body')}</p>}
        <ol className="adm-blocks adm-field--wide" role="list">
          {d.body.map((b, i) => (
            <li key={blockKeys.current[i]} className={`adm-block adm-block--${b.type}`}>
              <div className="adm-block__head">
                <strong>{BLOCK_LABEL[b.type]}</strong>
                <span className="adm-images__tools">
                  <button type="button" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move block ${i + 1} up`}>
                    ↑
                  </button>
                  <button type="button" disabled={i === d.body.length - 1} onClick={() => move(i, 1)} aria-label={`Move block ${i + 1} down`}>
                    ↓
                  </button>
                  <button type="button" onClick={() => remove(i)} aria-label={`Remove block ${i + 1}`}>
                    ✕
                  </button>
                </span>
              </div>
              {b.type === 'rich' && (
                <Suspense fallback={<p className="muted">Loading the text editor…</p>}>
                  <RichTextEditor label={`Text (block ${i + 1})`} value={b.html} onChange={(html) => setBlock(i, { ...b, html })} error={err(`draft.body.${i}.html`)} />
                </Suspense>
              )}
              {b.type === 'image' && (
                <div className="adm-imgref">
                  {img(b.imageId)}
                  <NumberField label="Image number" error={err(`draft.body.${i}.imageId`)} value={b.imageId} onValue={(v) => setBlock(i, { ...b, imageId: v ?? Number.NaN })} />
                  <Field label="Caption" error={err(`draft.body.${i}.caption`)} wide>
                    <input value={b.caption} onChange={(e) => setBlock(i, { ...b, caption: e.target.value })} />
                  </Field>
                </div>
              )}
              {(b.type === 'item' || b.type === 'day') && (
                <div className="adm-fields adm-fields--flat">
                  {b.type === 'day' && <NumberField label="Day" error={err(`draft.body.${i}.day`)} value={b.day} onValue={(v) => setBlock(i, { ...b, day: v ?? Number.NaN })} />}
                  <Field label="Title" error={err(`draft.body.${i}.title`)} wide>
                    <input value={b.title} onChange={(e) => setBlock(i, { ...b, title: e.target.value })} />
                  </Field>
                  <Field label="Text" error={err(`draft.body.${i}.text`)} wide>
                    <textarea rows={3} value={b.text} onChange={(e) => setBlock(i, { ...b, text: e.target.value })} />
                  </Field>
                  <IdsField
                    label={b.type === 'item' ? 'Experience' : 'Experiences'}
                    hint={b.type === 'item' ? 'Its number (from the experiences list); empty for none' : 'Their numbers, separated by commas'}
                    error={err(`draft.body.${i}.${b.type === 'item' ? 'optionId' : 'optionIds'}`)}
                    value={b.type === 'item' ? (b.optionId === null ? [] : [b.optionId]) : b.optionIds}
                    names={x.optionNames}
                    onValue={(ids) => setBlock(i, b.type === 'item' ? { ...b, optionId: ids.length === 0 ? null : ids.length === 1 ? ids[0]! : Number.NaN } : { ...b, optionIds: ids })}
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
        <p className="adm-add adm-field--wide adm-block-adds">
          {(Object.keys(NEW_BLOCK) as ArticleDraftBlock['type'][]).map((t) => (
            <button key={t} type="button" className="button button--ghost" onClick={() => add(NEW_BLOCK[t])}>
              Add {BLOCK_LABEL[t].toLowerCase()}
            </button>
          ))}
        </p>
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Author</legend>
        <Field label="Author" error={err('draft.authorName')}>
          <input value={d.authorName} onChange={(e) => setDoc({ authorName: e.target.value })} />
        </Field>
        <Field label="About the author" error={err('draft.authorBio')} wide>
          <textarea rows={2} value={d.authorBio} onChange={(e) => setDoc({ authorBio: e.target.value })} />
        </Field>
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Place, video and verdict</legend>
        <Field label="Country" error={err('draft.countryId')}>
          <select value={d.countryId === null ? '' : String(d.countryId)} onChange={(e) => setDoc({ countryId: e.target.value ? Number(e.target.value) : null, cityId: null })}>
            <option value="">None</option>
            {refs?.countries.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="City" error={err('draft.cityId')}>
          <select value={d.cityId === null ? '' : String(d.cityId)} onChange={(e) => setDoc({ cityId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">None</option>
            {citiesByCountry.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}, {c.country}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Video id" hint="11 characters, for video articles" error={err('draft.videoId')}>
          <input value={d.videoId ?? ''} onChange={(e) => setDoc({ videoId: e.target.value.trim() || null })} />
        </Field>
        <Field label="Verdict" hint="The reviewer’s verdict (Secret Find articles)" error={err('draft.verdict')} wide>
          <textarea rows={2} value={d.verdict ?? ''} onChange={(e) => setDoc({ verdict: e.target.value || null })} />
        </Field>
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Tags and related experiences</legend>
        <div className="adm-field--wide adm-tags">
          <div className="adm-chips">
            {refs?.tags.map((t) => (
              <label className="adm-chip" key={t.id}>
                <input type="checkbox" checked={d.tagIds.includes(t.id)} onChange={(e) => setDoc({ tagIds: e.target.checked ? [...d.tagIds, t.id] : d.tagIds.filter((v) => v !== t.id) })} />
                <span>{t.name}</span>
              </label>
            ))}
          </div>
          {err('draft.tagIds') && <p className="adm-field__error">{err('draft.tagIds')}</p>}
        </div>
        <IdsField label="Related experiences" hint="Shown under the article: experience numbers, separated by commas" error={err('draft.relatedOptionIds')} value={d.relatedOptionIds} names={x.optionNames} onValue={(ids) => setDoc({ relatedOptionIds: ids })} />
      </fieldset>
    </EditorChrome>
  );
}

function fieldLabel(f: string): string {
  return { slug: 'address', categoryId: 'category', tagIds: 'tags', heroImageId: 'cover image', authorName: 'author', authorBio: 'author bio', videoId: 'video', countryId: 'country', cityId: 'city', relatedOptionIds: 'related experiences', publishedAt: 'publication date' }[f] ?? f;
}
