// Listings (issue 15, item 2; ADR 0032): the operator's experiences, and one experience's screen
// with two forms. Prices (per person, per group, per room) are saved live at once. Content (what
// the public page says, the meeting points, the cancellation policy) is sent to Verdant for
// review; the screen says where the last change stands and lets the operator withdraw it or start
// again from a declined one.
import { useState, type FormEvent } from 'react';
import { partnerListing, partnerListings, setListingPrices, submitListingChange, uploadListingPhoto, withdrawListingChange } from '../../api-client/partner.ts';
import { errorMessage, type FormRefusal, refusalOf } from '../../api-client/client.ts';
import type { ListingContent, PartnerListing } from '../../contract/partner.ts';
import { linesToList, minorToText, textToMinor } from '../../lib/admin-pages.ts';
import { describeCancellation, type CancellationPolicy } from '../../lib/format-cancellation.ts';
import { formatDate } from '../../lib/format-date.ts';
import { imageUrl } from '../../lib/format-image.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ChangeSummary, FaqsFieldset, FootprintFieldset, ImagesFieldset, ItineraryFieldset, LIST_KEYS, ListsFieldset, LocationsFieldset, PriceInputs, pricesOfUnit, pricesToText, textToPrices, type ListKey, type PriceText } from '../admin/ExperienceFields.tsx';
import { Field, markNaN, NumberField } from '../admin/RecordEditor.tsx';
import { EmptyPage } from '../admin/parts.tsx';
import { formatPrice } from '../booking/money.ts';
import { hrefIn, useNotice, type Opened } from './parts.tsx';
import EvidenceSection from './Evidence.tsx';

const BASIS: Record<PartnerListing['priceUnit'], string> = { per_person: 'Per person', per_group: 'Per group', per_room: 'Per room and night' };
const CANCEL_TYPES: CancellationPolicy[] = ['standard', 'moderate', 'strict', 'all_sales_final'];

export default function Listings({ opened }: { opened: Opened }) {
  const slug = opened.operator.slug;
  const list = useApi(() => partnerListings(slug), slug);
  if (list.state.status === 'loading') return <Loading label="Loading your listings…" />;
  if (list.state.status === 'error') return <Problem text={list.state.error} onRetry={list.reload} />;
  const { listings } = list.state.data;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Listings</h1>
          <p className="ptn-sub">Prices you change are live at once. Changes to what a page says go to Verdant’s editors first, and appear once they approve them (usually within a working day).</p>
        </div>
      </header>
      {listings.length === 0 ? (
        <div className="adm-card adm-empty">
          <p className="adm-empty__title">No experiences yet</p>
          <p className="muted">Write to partners@verdant.example and we will set up your first listing with you.</p>
        </div>
      ) : (
        <ul className="ptn-listings" role="list">
          {listings.map((l) => (
            <li key={l.id} className="adm-card ptn-listing">
              {l.image ? <img src={imageUrl(l.image, 256)} alt="" width="96" height="72" loading="lazy" /> : <span className="adm-thumb" />}
              <div className="ptn-listing__body">
                <a className="ptn-listing__name" href={hrefIn(opened, `/partner/listings/${l.id}`)}>
                  {l.name}
                </a>
                <span className="muted">
                  {BASIS[l.priceUnit]}
                  {l.fromPrice ? ` · from ${formatPrice(l.fromPrice)}` : ''}
                </span>
                <span className="ptn-listing__badges">
                  <span className={`adm-badge ${l.published ? 'adm-badge--published' : 'adm-badge--unpublished'}`}>{l.published ? 'On the site' : 'Not on the site'}</span>
                  {l.pendingSince && <span className="adm-badge adm-badge--changed">Change in review since {formatDate(l.pendingSince)}</span>}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Refusal = FormRefusal | null;

function Alert({ refusal }: { refusal: Refusal }) {
  if (!refusal) return null;
  const count = Object.keys(refusal.fields).length;
  return (
    <p className="adm-alert adm-alert--error" role="alert">
      {refusal.message}
      {count > 1 ? ` (${count} fields to fix, marked below)` : ''}
    </p>
  );
}

function PricesForm({ x, opened, onSaved }: { x: PartnerListing; opened: Opened; onSaved: (l: PartnerListing, text: string) => void }) {
  const [text, setText] = useState<PriceText>(() => pricesToText(x.prices, x.currencyExponent));
  const [rooms, setRooms] = useState(() => x.rooms.map((r) => ({ id: r.id, text: minorToText(r.pricePerNight, x.currencyExponent) })));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const keys = pricesOfUnit(x.priceUnit).filter((k) => (k !== 'child' && k !== 'localChild') || x.useChildPrices).filter((k) => !k.startsWith('local') || x.hasLocalPrice);
  const err = (path: string) => refusal?.fields[path];

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { prices, errors } = textToPrices(text, x.currencyExponent, 'prices.');
    rooms.forEach((r, i) => {
      const v = textToMinor(r.text, x.currencyExponent);
      if (v === null || Number.isNaN(v)) errors[`rooms.${i}.pricePerNight`] = 'Enter the price of a night';
    });
    if (Object.keys(errors).length) return setRefusal({ message: 'Some prices need fixing', fields: errors });
    setBusy(true);
    setRefusal(null);
    try {
      const { data } = await setListingPrices(opened.operator.slug, x.id, { prices, rooms: rooms.map((r) => ({ id: r.id, pricePerNight: textToMinor(r.text, x.currencyExponent)! })) });
      // The saved figures as the server keeps them (45 → 45.00).
      setText(pricesToText(data.listing.prices, x.currencyExponent));
      setRooms(data.listing.rooms.map((r) => ({ id: r.id, text: minorToText(r.pricePerNight, x.currencyExponent) })));
      onSaved(data.listing, 'New prices are live: the booking widget and quotes use them now, and the pages showing them update within a few minutes.');
    } catch (error) {
      setRefusal(refusalOf(error));
    }
    setBusy(false);
  };

  return (
    <form className="adm-card adm-fields" onSubmit={save} noValidate aria-labelledby="ptn-prices-title">
      <h2 id="ptn-prices-title" className="adm-field--wide ptn-form-title">
        Prices
      </h2>
      <p className="adm-note adm-field--wide">
        {BASIS[x.priceUnit]}, in {x.currency}. Saved prices are live at once; bookings already made keep the price they were made at.
      </p>
      <Alert refusal={refusal} />
      <PriceInputs keys={keys} currency={x.currency} text={text} onText={setText} err={err} />
      {x.rooms.map((r, i) => (
        <Field key={r.id} label={`${r.name} (${r.privacy}, up to ${r.maxGuests} guests), a night`} error={err(`rooms.${i}.pricePerNight`) ?? err(`rooms.${i}.id`)}>
          <span className="adm-money">
            <span aria-hidden="true">{x.currency}</span>
            <input inputMode="decimal" value={rooms[i]!.text} onChange={(e) => setRooms(rooms.map((v, j) => (j === i ? { ...v, text: e.target.value } : v)))} />
          </span>
        </Field>
      ))}
      {err('rooms') && <p className="adm-field__error adm-field--wide">{err('rooms')}</p>}
      <div className="adm-actions adm-field--wide">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save prices'}
        </button>
      </div>
    </form>
  );
}

type ContentForm = { content: ListingContent; lists: Record<ListKey | 'languages', string> };
const toContentForm = (c: ListingContent): ContentForm => ({
  content: c,
  lists: { highlights: c.highlights.join('\n'), inclusions: c.inclusions.join('\n'), exclusions: c.exclusions.join('\n'), languages: c.languages.join('\n') },
});
const fromContentForm = (f: ContentForm): ListingContent => ({
  ...f.content,
  ...Object.fromEntries([...LIST_KEYS, 'languages'].map((k) => [k, linesToList(f.lists[k as ListKey])])),
});

function ContentFormView({ x, opened, start, onSaved }: { x: PartnerListing; opened: Opened; start: ListingContent; onSaved: (l: PartnerListing, text: string) => void }) {
  const [form, setForm] = useState(() => toContentForm(start));
  // Photos uploaded on this screen, by id (the listing's own addresses cover the rest).
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const c = form.content;
  const set = (patch: Partial<ListingContent>) => setForm({ ...form, content: { ...c, ...patch } });
  const err = (path: string) => refusal?.fields[`content.${path}`];
  const listErr = (k: string) => Object.entries(refusal?.fields ?? {}).find(([f]) => f.startsWith(`content.${k}`))?.[1];

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const content = fromContentForm(form);
    // A number field holding text that is not a number would be sent as nothing: say so instead.
    const typed: Record<string, string> = {};
    markNaN(content, 'content', typed);
    if (Object.keys(typed).length) return setRefusal({ message: 'Some fields need fixing', fields: typed });
    setBusy(true);
    setRefusal(null);
    try {
      const { data } = await submitListingChange(opened.operator.slug, x.id, content);
      onSaved(data.listing, 'Sent to Verdant for review. We will e-mail you when it is approved; until then the page shows what it said before.');
    } catch (error) {
      setRefusal(refusalOf(error));
    }
    setBusy(false);
  };

  return (
    <form className="ptn-content" onSubmit={send} noValidate aria-labelledby="ptn-content-title">
      <div className="adm-card">
        <h2 id="ptn-content-title" className="ptn-form-title">
          What the page says
        </h2>
        <p className="adm-note">Verdant’s editors review these changes before they reach the public page, to keep every listing accurate and consistent. New photos go with the change. For tags or the city, write to partners@verdant.example.</p>
        <Alert refusal={refusal} />
      </div>
      <fieldset className="adm-card adm-fields">
        <legend>Basics</legend>
        <Field label="Name" error={err('name')} wide>
          <input value={c.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label="Summary" hint="One or two sentences for cards and search results" error={err('summary')} wide>
          <textarea rows={2} value={c.summary} onChange={(e) => set({ summary: e.target.value })} />
        </Field>
        <Field label="Description" error={err('description')} wide>
          <textarea rows={8} value={c.description} onChange={(e) => set({ description: e.target.value })} />
        </Field>
      </fieldset>
      <fieldset className="adm-card adm-fields">
        <legend>Details</legend>
        <NumberField label="Duration (minutes)" error={err('durationMinutes')} value={c.durationMinutes} onValue={(v) => set({ durationMinutes: v })} />
        <NumberField label="Days" error={err('durationDays')} value={c.durationDays} onValue={(v) => set({ durationDays: v })} />
        <NumberField label="Nights" error={err('durationNights')} value={c.durationNights} onValue={(v) => set({ durationNights: v })} />
        <NumberField label="Minimum age" error={err('minAge')} value={c.minAge} onValue={(v) => set({ minAge: v })} />
        <Field label="Difficulty" error={err('difficulty')}>
          <select value={c.difficulty} onChange={(e) => set({ difficulty: e.target.value as ListingContent['difficulty'] })}>
            <option value="easy">Easy</option>
            <option value="moderate">Moderate</option>
            <option value="challenging">Challenging</option>
          </select>
        </Field>
        <Field label="Languages" hint="One per line" error={listErr('languages')}>
          <textarea rows={3} value={form.lists.languages} onChange={(e) => setForm({ ...form, lists: { ...form.lists, languages: e.target.value } })} />
        </Field>
      </fieldset>
      <ListsFieldset text={form.lists} onText={(k, v) => setForm({ ...form, lists: { ...form.lists, [k]: v } })} err={(p) => err(p)} />
      <ItineraryFieldset steps={c.itinerary} onChange={(itinerary) => set({ itinerary })} err={(p) => err(p)} />
      <LocationsFieldset places={c.locations} onChange={(locations) => set({ locations })} err={(p) => err(p)} />
      <FootprintFieldset value={c.footprint} onChange={(footprint) => set({ footprint })} err={(p) => err(p)} />
      <FaqsFieldset faqs={c.faqs} onChange={(faqs) => set({ faqs })} err={(p) => err(p)} />
      <ImagesFieldset
        legend="Photos"
        photos={c.images}
        urls={{ ...x.imageUrls, ...uploaded }}
        onChange={(images) => set({ images })}
        onAdd={(photo, up) => {
          setUploaded((u) => ({ ...u, [String(up.id)]: up.url }));
          setForm((f) => ({ ...f, content: { ...f.content, images: [...f.content.images, photo] } }));
        }}
        err={(p) => err(p)}
        upload={(form) => uploadListingPhoto(opened.operator.slug, form)}
      />
      {c.rooms.length > 0 && (
        <fieldset className="adm-card adm-fields">
          <legend>Room types</legend>
          <p className="adm-note adm-field--wide">What travellers read about each room type. Prices are in the Prices form above; how many rooms you sell, in Availability.</p>
          {c.rooms.map((r, i) => {
            const upd = (patch: Partial<typeof r>) => set({ rooms: c.rooms.map((x2, j) => (j === i ? { ...x2, ...patch } : x2)) });
            return (
              <div className="adm-repeat" key={r.id}>
                <Field label="Name" error={err(`rooms.${i}.name`)}>
                  <input value={r.name} onChange={(e) => upd({ name: e.target.value })} />
                </Field>
                <Field label="Privacy" error={err(`rooms.${i}.privacy`)}>
                  <select value={r.privacy} onChange={(e) => upd({ privacy: e.target.value as typeof r.privacy })}>
                    <option value="private">Private room</option>
                    <option value="shared">Shared room</option>
                  </select>
                </Field>
                <NumberField label="Guests in a room" error={err(`rooms.${i}.maxGuests`)} value={r.maxGuests} onValue={(v) => upd({ maxGuests: v ?? Number.NaN })} />
              </div>
            );
          })}
          {err('rooms') && <p className="adm-field__error adm-field--wide">{err('rooms')}</p>}
        </fieldset>
      )}
      <fieldset className="adm-card adm-fields">
        <legend>Cancellation and date changes</legend>
        <Field label="Cancellation policy" hint={describeCancellation(c.cancelType, c.rescheduleType).detail} error={err('cancelType')} wide>
          <select value={c.cancelType} onChange={(e) => set({ cancelType: e.target.value as CancellationPolicy })}>
            {CANCEL_TYPES.map((t) => (
              <option key={t} value={t}>
                {describeCancellation(t).headline}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Date changes" error={err('rescheduleType')} wide>
          <select value={c.rescheduleType} onChange={(e) => set({ rescheduleType: e.target.value as ListingContent['rescheduleType'] })}>
            <option value="allow_reschedule_cancel">Travellers may move to another date within the cancellation window</option>
            <option value="no_reschedule_cancel">No date changes once booked</option>
          </select>
        </Field>
      </fieldset>
      <div className="adm-card adm-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send for review'}
        </button>
      </div>
    </form>
  );
}

/** Where the operator's last change stands: waiting (withdraw), declined (start again from it), approved. */
function ReviewState({ x, opened, onWithdrawn, onRestart }: { x: PartnerListing; opened: Opened; onWithdrawn: (l: PartnerListing) => void; onRestart: (c: ListingContent) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const withdraw = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onWithdrawn((await withdrawListingChange(opened.operator.slug, x.id)).data.listing);
    } catch (err) {
      setFailure(errorMessage(err));
    }
    setBusy(false);
  };
  if (x.pending) {
    return (
      <div className="adm-card ptn-review ptn-review--pending">
        <h2>Waiting for Verdant’s review</h2>
        <p>
          {x.pending.submittedBy} sent this change on {formatDate(x.pending.submittedAt)}. The form below shows it; sending again replaces it.
        </p>
        <ChangeSummary changes={x.pending.changes} imageUrls={x.imageUrls} />
        {failure && (
          <p className="adm-alert adm-alert--error" role="alert">
            {failure}
          </p>
        )}
        <button type="button" className="button button--ghost" disabled={busy} onClick={withdraw}>
          {busy ? 'Withdrawing…' : 'Withdraw this change'}
        </button>
      </div>
    );
  }
  const d = x.lastDecision;
  if (!d) return null;
  if (d.status === 'declined') {
    return (
      <div className="adm-card ptn-review ptn-review--declined">
        <h2>Verdant did not approve your last change</h2>
        <p>
          {d.decidedBy ?? 'Verdant'} on {formatDate(d.decidedAt ?? d.submittedAt)}: “{d.note}”
        </p>
        <button type="button" className="button button--ghost" onClick={() => onRestart(d.content)}>
          Start again from that change
        </button>
      </div>
    );
  }
  return (
    <div className="adm-card ptn-review ptn-review--approved">
      <p>
        Your last change was approved on {formatDate(d.decidedAt ?? d.submittedAt)} and is on the <a href={`/experiences/${x.slugCode}`}>public page</a>.
      </p>
    </div>
  );
}

export function ListingEditor({ opened, id }: { opened: Opened; id: number }) {
  const slug = opened.operator.slug;
  const loaded = useApi(() => partnerListing(slug, id), `${slug}:${id}`);
  const [fresh, setFresh] = useState<PartnerListing | null>(null);
  // The content form restarts (a new key) when the listing's review state or a restart changes what it starts from.
  const [start, setStart] = useState<{ content: ListingContent; key: number } | null>(null);
  const { setNotice, view: noticeView } = useNotice();
  if (loaded.state.status === 'loading') return <Loading label="Loading the listing…" />;
  if (loaded.state.status === 'error') {
    if (loaded.state.error === 'Experience not found') return <EmptyPage title="This experience isn’t one of your listings" href={hrefIn(opened, '/partner/listings')} action="Your listings" />;
    return <Problem text={loaded.state.error} onRetry={loaded.reload} />;
  }
  const x = fresh ?? loaded.state.data.listing;
  const from = start ?? { content: x.pending?.content ?? x.content, key: 0 };
  const saved = (l: PartnerListing, text: string) => {
    setFresh(l);
    setNotice({ ok: true, text });
  };
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <a className="adm-back" href={hrefIn(opened, '/partner/listings')}>
            ← Listings
          </a>
          <h1>{x.name}</h1>
          <p className="ptn-sub">
            {BASIS[x.priceUnit]} · {x.published ? <a href={`/experiences/${x.slugCode}`}>View the public page</a> : 'Not on the site'}
          </p>
        </div>
      </header>
      {noticeView}
      <ReviewState
        x={x}
        opened={opened}
        onWithdrawn={(l) => {
          setFresh(l);
          setStart({ content: l.content, key: from.key + 1 });
          setNotice({ ok: true, text: 'Your change is withdrawn; the page keeps what it says.' });
        }}
        onRestart={(content) => setStart({ content, key: from.key + 1 })}
      />
      <PricesForm x={x} opened={opened} onSaved={saved} />
      <ContentFormView key={from.key} x={x} opened={opened} start={from.content} onSaved={(l, text) => { setStart({ content: l.pending?.content ?? l.content, key: from.key + 1 }); saved(l, text); }} />
      <EvidenceSection slug={slug} optionId={x.id} />
    </section>
  );
}
