// One operator's public page in the back-office: its story, photo, city and contact, on the
// editing screen every record shares (RecordEditor.tsx: draft beside live, preview, publish now or
// at a time, revision history with restore, a stale save refused with the form kept). An
// operator's page is not unpublished on its own: it is public while it has published experiences.
import { useState } from 'react';
import { adminReferences, operatorCalls, uploadImage } from '../../api-client/admin.ts';
import type { AdminOperator, OperatorDraft } from '../../contract/admin.ts';
import { linesToList } from '../../lib/admin-pages.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { CitySelect, ImagesFieldset } from './ExperienceFields.tsx';
import { EditorChrome, EditorGate, Field, markNaN, NumberField, useRecordEditor } from './RecordEditor.tsx';

type Form = { doc: OperatorDraft; languages: string };

const toForm = (x: AdminOperator): Form => ({ doc: x.draft, languages: x.draft.languages.join('\n') });

function fromForm(f: Form): { doc: OperatorDraft } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  markNaN(f.doc, 'draft', errors);
  if (Object.keys(errors).length) return { errors };
  const blank = (v: string | null) => (v && v.trim() ? v.trim() : null);
  return { doc: { ...f.doc, languages: linesToList(f.languages), contactPhone: blank(f.doc.contactPhone), website: blank(f.doc.website) } };
}

const FIELD_LABEL: Record<string, string> = { cityId: 'city', foundedYear: 'year founded', teamSize: 'team size', contactEmail: 'e-mail', contactPhone: 'phone', images: 'photo' };
const fieldLabel = (f: string) => FIELD_LABEL[f] ?? f;

export default function OperatorEditor({ id }: { id: number }) {
  const references = useApi(adminReferences, 'references');
  const refs = references.state.status === 'ready' ? references.state.data : null;
  const ed = useRecordEditor<AdminOperator, OperatorDraft, Form>({ id, calls: operatorCalls, noun: 'operator', toForm, fromForm });
  const { x, form, setForm, errors } = ed;
  // Photos uploaded on this screen, by id, until the record's own addresses include them.
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  if (!x || !form) return <EditorGate ed={ed} noun="operator" listHref="/admin/operators" listLabel="All operators" />;

  const d = form.doc;
  const setDoc = (patch: Partial<OperatorDraft>) => setForm((f) => (f ? { ...f, doc: { ...f.doc, ...patch } } : f));
  const err = (path: string) => errors[`draft.${path}`];

  return (
    <EditorChrome
      ed={ed}
      title={d.name || 'Untitled operator'}
      back={{ href: '/admin/operators', label: 'Operators' }}
      liveHref={`/operators/${x.liveSlug}`}
      problem={references.state.status === 'error' && <Problem text={`The list of cities could not be loaded: ${references.state.error}`} onRetry={references.reload} />}
      fieldLabel={fieldLabel}
      staysPublished="An operator’s page is public while it has published experiences: unpublish those to take it off the site."
    >
      <fieldset className="adm-card adm-fields">
        <legend>Basics</legend>
        <p className="adm-note adm-field--wide">
          {x.experiences === 1 ? 'One published experience lists' : `${x.experiences} published experiences list`} this operator. Its page is public while it has published experiences.
        </p>
        <Field label="Name" error={err('name')} wide>
          <input value={d.name} onChange={(e) => setDoc({ name: e.target.value })} />
        </Field>
        <Field label="Address" hint={`verdant.com/operators/${d.slug}`} error={err('slug')} wide>
          <input value={d.slug} onChange={(e) => setDoc({ slug: e.target.value })} spellCheck={false} />
        </Field>
        {d.slug !== x.liveSlug && <p className="adm-note">When published, the old address /operators/{x.liveSlug} will redirect here permanently.</p>}
        {x.redirectsFrom.length > 0 && <p className="adm-note">Also reached from: {x.redirectsFrom.map((s) => `/operators/${s}`).join(', ')}</p>}
        <Field label="Tagline" hint="One line under the name" error={err('tagline')} wide>
          <input value={d.tagline} onChange={(e) => setDoc({ tagline: e.target.value })} />
        </Field>
        <Field label="Story" hint="Who they are and how they work" error={err('description')} wide>
          <textarea rows={8} value={d.description} onChange={(e) => setDoc({ description: e.target.value })} />
        </Field>
        <CitySelect value={d.cityId} cities={refs?.cities ?? null} onChange={(cityId) => setDoc({ cityId })} error={err('cityId')} />
        <Field label="Languages" hint="One per line" error={Object.entries(errors).find(([k]) => k.startsWith('draft.languages'))?.[1]}>
          <textarea rows={3} value={form.languages} onChange={(e) => setForm({ ...form, languages: e.target.value })} />
        </Field>
        <NumberField label="Year founded" error={err('foundedYear')} value={d.foundedYear} onValue={(v) => setDoc({ foundedYear: v })} />
        <NumberField label="Team size" error={err('teamSize')} value={d.teamSize} onValue={(v) => setDoc({ teamSize: v })} />
      </fieldset>

      <fieldset className="adm-card adm-fields">
        <legend>Contact</legend>
        <p className="adm-note adm-field--wide">Verdant e-mails bookings, requests and date changes to this address; travellers see the website only.</p>
        <Field label="E-mail" error={err('contactEmail')}>
          <input type="email" value={d.contactEmail} onChange={(e) => setDoc({ contactEmail: e.target.value })} />
        </Field>
        <Field label="Phone" error={err('contactPhone')}>
          <input type="tel" value={d.contactPhone ?? ''} onChange={(e) => setDoc({ contactPhone: e.target.value })} />
        </Field>
        <Field label="Website" error={err('website')} wide>
          <input type="url" value={d.website ?? ''} onChange={(e) => setDoc({ website: e.target.value })} placeholder="https://" />
        </Field>
      </fieldset>

      <ImagesFieldset
        legend="Photo"
        photos={d.images}
        urls={{ ...x.imageUrls, ...uploaded }}
        max={1}
        onChange={(images) => setDoc({ images })}
        onAdd={(photo, up) => {
          setUploaded((u) => ({ ...u, [String(up.id)]: up.url }));
          setForm((f) => (f ? { ...f, doc: { ...f.doc, images: [...f.doc.images, photo] } } : f));
        }}
        err={(p) => err(p)}
        upload={uploadImage}
        library
      />
    </EditorChrome>
  );
}
