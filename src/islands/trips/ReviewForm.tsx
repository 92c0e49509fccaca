// Leave a review for a completed trip (spec §4: only with a review record still unrated, until
// two months after the start date). Used by /reviews/new?trip={id}.
// The title and text are uncontrolled and read from the form at submit (docs/decisions/0017):
// what the visitor typed or autofilled stays when a star is picked afterwards.
import { useState, type FormEvent } from 'react';
import type { Trip } from '../../contract/trips.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { writeReview } from '../../api-client/trips.ts';

export default function ReviewForm({ trip, onDone }: { trip: Trip; onDone: (t: Trip) => void }) {
  const [rating, setRating] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const title = String(form.get('title') ?? '');
    const body = String(form.get('body') ?? '');
    const local: Record<string, string> = {};
    if (rating < 1) local.rating = 'Please choose a rating';
    if (!title.trim()) local.title = 'Please give your review a title';
    if (body.trim().length < 20) local.body = 'Please write at least 20 characters';
    setErrors(local);
    setError(null);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const { data } = await writeReview({ orderItemId: trip.id, rating, title: title.trim(), body: body.trim() });
      onDone(data.trip);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form className="acct-panel auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="trip-rating" aria-describedby={errors.rating ? 'rv-rating-error' : undefined}>
        <legend className="form-field__label">Your rating</legend>
        <div className="trip-rating__stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= rating ? 'is-on' : undefined}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} disabled={busy} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {n} star{n === 1 ? '' : 's'}
              </span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id="rv-rating-error" className="form-field__error">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <div className="form-field">
        <label className="form-field__label" htmlFor="rv-title">
          Title
        </label>
        <input id="rv-title" name="title" maxLength={120} aria-invalid={errors.title ? true : undefined} disabled={busy} />
        {errors.title && <p className="form-field__error">{errors.title}</p>}
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor="rv-body">
          Your review
        </label>
        <textarea id="rv-body" name="body" rows={6} maxLength={4000} aria-invalid={errors.body ? true : undefined} disabled={busy} />
        {errors.body && <p className="form-field__error">{errors.body}</p>}
      </div>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? 'Sending…' : 'Publish review'}
      </button>
    </form>
  );
}
