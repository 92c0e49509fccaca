// Evidence behind the listing's sustainability tags (issue 25, item 2; ADR 0045): for each tag, where
// its evidence stands (not sent, waiting for review, verified, rejected with Verdant's reason,
// expired) and a form to send it: who issued the certification, its number and expiry, a short
// statement, and a photo or PDF of the certificate. Sending replaces the tag's evidence and waits
// for Verdant's review again.
import { useState, type FormEvent } from 'react';
import { type FormRefusal, refusalOf } from '../../api-client/client.ts';
import { partnerEvidence, submitEvidence } from '../../api-client/tag-evidence.ts';
import type { PartnerEvidence } from '../../contract/tag-evidence.ts';
import { formatDate } from '../../lib/format-date.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { Field } from '../admin/RecordEditor.tsx';

type Refusal = FormRefusal | null;

function StatusLine({ x }: { x: PartnerEvidence }) {
  const e = x.evidence;
  if (!e) return <span className="adm-badge">Not sent</span>;
  if (e.status === 'pending') return <span className="adm-badge adm-badge--changed">Waiting for Verdant’s review since {formatDate(e.submittedAt)}</span>;
  if (e.status === 'verified') return <span className="adm-badge adm-badge--published">Verified on {formatDate(e.verifiedAt ?? e.submittedAt)}</span>;
  if (e.status === 'expired') return <span className="adm-badge adm-badge--unpublished">Expired{e.expiresOn ? ` on ${formatDate(e.expiresOn)}` : ''}: send the current certificate</span>;
  return <span className="adm-badge adm-badge--unpublished">Not approved</span>;
}

function TagEvidenceForm({ slug, optionId, x, onSent }: { slug: string; optionId: number; x: PartnerEvidence; onSent: (x: PartnerEvidence) => void }) {
  const e = x.evidence;
  const [f, setF] = useState({ issuer: e?.issuer ?? '', certificateNumber: e?.certificateNumber ?? '', expiresOn: e?.expiresOn ?? '', statement: e?.statement ?? '' });
  const [file, setFile] = useState<File | null>(null);
  // A new file input once a file is sent (a file input's chosen file cannot be cleared by React).
  const [fileInput, setFileInput] = useState(0);
  const [removeDocument, setRemoveDocument] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const [sent, setSent] = useState(false);
  const id = `ptn-evidence-${x.tag.slug}`;
  const err = (k: string) => refusal?.fields[k];

  const send = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    setSent(false);
    const form = new FormData();
    form.append('issuer', f.issuer);
    form.append('certificate_number', f.certificateNumber);
    form.append('expires_on', f.expiresOn);
    form.append('statement', f.statement);
    if (file) form.append('file', file);
    if (removeDocument) form.append('remove_document', '1');
    try {
      const { data } = await submitEvidence(slug, optionId, x.tag.slug, form);
      setFile(null);
      setFileInput((n) => n + 1);
      setRemoveDocument(false);
      setSent(true);
      onSent(data.evidence);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
    setBusy(false);
  };

  return (
    <form className="adm-card adm-fields ptn-evidence" onSubmit={send} noValidate aria-labelledby={`${id}-title`} data-evidence-form={x.tag.slug}>
      <div className="adm-field--wide ptn-evidence__head">
        <h3 id={`${id}-title`}>{x.tag.name}</h3>
        <StatusLine x={x} />
      </div>
      {e?.status === 'rejected' && e.rejectReason && (
        <p className="adm-alert adm-alert--error adm-field--wide">Verdant’s note: “{e.rejectReason}”</p>
      )}
      {refusal && (
        <p className="adm-alert adm-alert--error adm-field--wide" role="alert">
          {refusal.message}
        </p>
      )}
      {sent && (
        <p className="adm-alert adm-field--wide" role="status">
          Sent. Verdant reviews it (usually within a working day); the tag shows as verified on your page once approved.
        </p>
      )}
      <Field label="Certified by" hint="The body that issued the certificate, e.g. Green Fins" error={err('issuer')}>
        <input value={f.issuer} maxLength={120} onChange={(v) => setF({ ...f, issuer: v.target.value })} />
      </Field>
      <Field label="Certificate number" error={err('certificateNumber')}>
        <input value={f.certificateNumber} maxLength={80} onChange={(v) => setF({ ...f, certificateNumber: v.target.value })} />
      </Field>
      <Field label="Valid until" hint="Leave empty when it does not expire" error={err('expiresOn')}>
        <input type="date" value={f.expiresOn} onChange={(v) => setF({ ...f, expiresOn: v.target.value })} />
      </Field>
      <Field label="Certificate or photo" hint="A PDF or a photo, at most 10 MB" error={err('file')}>
        <input key={fileInput} type="file" accept="application/pdf,image/jpeg,image/png,image/webp,image/avif" onChange={(v) => setFile(v.target.files?.[0] ?? null)} />
      </Field>
      {e?.document && !file && (
        <p className="adm-note adm-field--wide">
          Sent with:{' '}
          <a href={e.document.url} target="_blank" rel="noopener">
            {e.document.name}
          </a>{' '}
          <label className="ptn-evidence__remove">
            <input type="checkbox" checked={removeDocument} onChange={(v) => setRemoveDocument(v.target.checked)} /> Remove it
          </label>
        </p>
      )}
      <Field label="In your words" hint="What you do for this, in a sentence or two (travellers read it)" error={err('statement')} wide>
        <textarea rows={3} maxLength={600} value={f.statement} onChange={(v) => setF({ ...f, statement: v.target.value })} />
      </Field>
      <div className="adm-actions adm-field--wide">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Sending…' : e ? 'Send again for review' : 'Send for review'}
        </button>
      </div>
    </form>
  );
}

export default function EvidenceSection({ slug, optionId }: { slug: string; optionId: number }) {
  const list = useApi(() => partnerEvidence(slug, optionId), `${slug}:${optionId}:evidence`);
  return (
    <section className="ptn-evidence-list" aria-labelledby="ptn-evidence-title">
      <h2 id="ptn-evidence-title" className="ptn-form-title">
        Evidence behind your green badges
      </h2>
      <p className="ptn-sub">Show travellers why each sustainability tag is earned: a certificate, a photo and a sentence in your words. Verdant checks it; verified tags carry a “Verified” mark on your page until the certificate expires.</p>
      {list.state.status === 'loading' ? (
        <Loading label="Loading your evidence…" />
      ) : list.state.status === 'error' ? (
        <Problem text={list.state.error} onRetry={list.reload} />
      ) : list.state.data.evidence.length === 0 ? (
        <div className="adm-card adm-empty">
          <p className="adm-empty__title">This experience has no sustainability tags</p>
          <p className="muted">Write to partners@verdant.example if it earns one; we add the tags.</p>
        </div>
      ) : (
        list.state.data.evidence.map((x) => (
          <TagEvidenceForm key={x.tag.slug} slug={slug} optionId={optionId} x={x} onSent={(n) => list.set((d) => ({ evidence: d.evidence.map((y) => (y.tag.id === n.tag.id ? n : y)) }))} />
        ))
      )}
    </section>
  );
}
