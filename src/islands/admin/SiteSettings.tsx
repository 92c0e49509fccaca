// Site settings: the header's best-of-lists link and the gift-guide links (spec §2 header).
// They are small switches that apply on save; the site is republished at once.
import { useEffect, useState } from 'react';
import { adminSiteSettings, saveSiteSettings } from '../../api-client/admin.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { SiteSettings, SiteSettingsResponse } from '../../contract/admin.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { RunState } from './parts.tsx';
import { useRun } from './use-run.ts';

export default function SiteSettingsPage() {
  const [data, setData] = useState<SiteSettingsResponse | null>(null);
  const [form, setForm] = useState<SiteSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [run, setRun, runLost] = useRun();

  const load = () =>
    adminSiteSettings().then(
      ({ data: d }) => {
        setData(d);
        setForm(d.settings);
        setRun(d.lastRun);
      },
      (e: unknown) => setLoadError(errorMessage(e)),
    );
  useEffect(() => {
    void load();
  }, []);

  if (loadError) return <Problem text={loadError} onRetry={() => { setLoadError(null); void load(); }} />;
  if (!data || !form) return <Loading label="Loading the site settings…" />;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      const { data: d } = await saveSiteSettings(form);
      setData(d);
      setForm(d.settings);
      setRun(d.lastRun);
      setNotice({ ok: true, text: 'Saved. The site is being republished with the new navigation.' });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields);
      setNotice({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const navs = form.giftGuideNavs;
  const setNav = (i: number, patch: Partial<SiteSettings['giftGuideNavs'][number]>) => setForm({ ...form, giftGuideNavs: navs.map((n, j) => (j === i ? { ...n, ...patch } : n)) });

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Site settings</h1>
          <p className="muted">Navigation shown on every page. Changes go live when you save.</p>
        </div>
      </header>
      {notice && (
        <div className={`adm-alert adm-alert--${notice.ok ? 'ok' : 'error'}`} role={notice.ok ? 'status' : 'alert'}>
          <p>{notice.text}</p>
        </div>
      )}
      {run && <RunState run={run} lost={runLost} />}
      <form className="adm-settings" onSubmit={save} noValidate>
        <fieldset className="adm-card adm-fields">
          <legend>Header</legend>
          <label className="adm-switch adm-field--wide">
            <input type="checkbox" checked={form.showBestOfListNav} onChange={(e) => setForm({ ...form, showBestOfListNav: e.target.checked })} />
            <span>
              <strong>Show “Best of” lists in the header</strong>
              <span className="adm-sub">Adds the best-of lists menu beside Destinations and Magazine.</span>
            </span>
          </label>
        </fieldset>
        <fieldset className="adm-card adm-fields">
          <legend>Gift-guide links</legend>
          <p className="adm-note adm-field--wide">Up to six magazine articles linked from the Gifts menu, in this order.</p>
          {navs.map((n, i) => (
            <div className="adm-repeat" key={i}>
              <label className="adm-field">
                <span className="adm-field__label">Link title</span>
                <input value={n.title} onChange={(e) => setNav(i, { title: e.target.value })} aria-invalid={errors[`giftGuideNavs.${i}.title`] ? true : undefined} />
                {errors[`giftGuideNavs.${i}.title`] && <span className="adm-field__error">{errors[`giftGuideNavs.${i}.title`]}</span>}
              </label>
              <label className="adm-field">
                <span className="adm-field__label">Article</span>
                <select value={String(n.blogId)} onChange={(e) => setNav(i, { blogId: Number(e.target.value) })}>
                  {!data.articles.some((a) => a.id === n.blogId) && <option value={String(n.blogId)}>Choose an article</option>}
                  {data.articles.map((a) => (
                    <option key={a.id} value={String(a.id)}>
                      {a.title}
                    </option>
                  ))}
                </select>
                {errors[`giftGuideNavs.${i}.blogId`] && <span className="adm-field__error">{errors[`giftGuideNavs.${i}.blogId`]}</span>}
              </label>
              <button type="button" className="adm-remove" onClick={() => setForm({ ...form, giftGuideNavs: navs.filter((_, j) => j !== i) })}>
                Remove link {i + 1}
              </button>
            </div>
          ))}
          {navs.length < 6 && (
            <button type="button" className="button button--ghost adm-add" onClick={() => setForm({ ...form, giftGuideNavs: [...navs, { blogId: data.articles[0]?.id ?? 0, title: '' }] })}>
              Add a link
            </button>
          )}
        </fieldset>
        <p className="adm-settings__save">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </button>
        </p>
      </form>
    </section>
  );
}
