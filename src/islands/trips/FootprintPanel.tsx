// The trip's footprint (ADR 0044): the experience for the booked group and, once the traveller
// says where they start and how they travel, getting there and back. Nothing is sent until
// they choose a city; the choice stays for their other trips (this browser only).
import { useEffect, useState } from 'react';
import type { TripFootprint } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { getTripFootprint } from '../../api-client/trips.ts';
import { ARRIVAL_MODES, ARRIVAL_MODE_LABELS, METHOD_PATH, footprintText, formatKg, type ArrivalMode } from '../../lib/footprint.ts';

const START_KEY = 'verdant:footprint-start';
type Start = { cityId: number | null; by: ArrivalMode };

function savedStart(): Start {
  try {
    const v = JSON.parse(localStorage.getItem(START_KEY) ?? 'null') as Partial<Start> | null;
    return { cityId: typeof v?.cityId === 'number' ? v.cityId : null, by: ARRIVAL_MODES.includes(v?.by as ArrivalMode) ? (v!.by as ArrivalMode) : 'plane' };
  } catch {
    return { cityId: null, by: 'plane' };
  }
}

export default function FootprintPanel({ tripId }: { tripId: string }) {
  const [start, setStart] = useState<Start>(savedStart);
  const [data, setData] = useState<TripFootprint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    let live = true;
    setBusy(true);
    setError(null);
    getTripFootprint(tripId, start.cityId === null ? {} : { fromCityId: start.cityId, by: start.by }).then(
      ({ data: d }) => {
        if (!live) return;
        setData(d.footprint);
        setBusy(false);
      },
      (err: unknown) => {
        if (!live) return;
        setError(errorMessage(err));
        setBusy(false);
      },
    );
    return () => {
      live = false;
    };
  }, [tripId, start.cityId, start.by]);
  const choose = (next: Start) => {
    setStart(next);
    try {
      localStorage.setItem(START_KEY, JSON.stringify(next));
    } catch {
      // Private mode without storage: the choice lasts for this page only, which is fine.
    }
  };

  const byCountry = new Map<string, TripFootprint['startCities']>();
  for (const c of data?.startCities ?? []) byCountry.set(c.country, [...(byCountry.get(c.country) ?? []), c]);
  const exp = data?.experience ?? null;
  const there = data?.gettingThere ?? null;
  const group = data?.groupSize ?? 1;
  const forGroup = group === 1 ? 'for you' : `for your group of ${group}`;

  return (
    <section className="acct-panel trip-footprint" aria-labelledby="trip-footprint" aria-busy={busy} data-testid="trip-footprint">
      <h2 id="trip-footprint">Footprint</h2>
      {!data && !error && <p className="acct-muted">Estimating…</p>}
      {data && (
        <dl className="trip-rows">
          <div className="trip-row">
            <dt>The experience</dt>
            <dd data-testid="footprint-experience">
              {exp ? `${footprintText(exp.totalKg)} ${forGroup}` : 'Not estimated yet: the operator has not told us the transport and lodging.'}
            </dd>
          </div>
          {there && (
            <div className="trip-row">
              <dt>Getting there and back</dt>
              <dd data-testid="footprint-getting-there">
                {footprintText(there.totalKg)} {forGroup}
                <span className="trip-sub">
                  From {there.from.name} by {ARRIVAL_MODE_LABELS[there.by].toLowerCase()}, about {formatKg(there.km)} km each way
                </span>
              </dd>
            </div>
          )}
          {there && data.totalKg !== null && (
            <div className="trip-row">
              <dt>Your trip in all</dt>
              <dd data-testid="footprint-total">
                <strong>{footprintText(data.totalKg)}</strong>
                {group > 1 && <span className="trip-sub">{footprintText(data.totalKg / group)} per person</span>}
              </dd>
            </div>
          )}
        </dl>
      )}
      {data && (
        <div className="trip-footprint__form">
          <div className="form-field">
            <label className="form-field__label" htmlFor="fp-start">
              Where do you start?
            </label>
            <select id="fp-start" value={start.cityId === null ? '' : String(start.cityId)} onChange={(e) => choose({ ...start, cityId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">Choose a city</option>
              {[...byCountry].map(([country, cs]) => (
                <optgroup key={country} label={country}>
                  {cs.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor="fp-by">
              How do you travel?
            </label>
            <select id="fp-by" value={start.by} onChange={(e) => choose({ ...start, by: e.target.value as ArrivalMode })}>
              {ARRIVAL_MODES.map((m) => (
                <option key={m} value={m}>
                  {ARRIVAL_MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {error && (
        <p className="form-field__error" role="alert">
          We could not estimate this trip’s footprint: {error}
        </p>
      )}
      <p className="trip-links">
        <a href={METHOD_PATH}>How we estimate this</a>
      </p>
    </section>
  );
}
