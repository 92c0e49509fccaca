// Shared submit logic of the storefront's forms: one request at a time (the button is disabled
// while it runs), field errors from the server's 422 `fields` (spec §7) by camelCase name,
// otherwise its readable error or 'An internal error occurred' (spec §8).
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api-client/client.ts';

export type FormState<R> =
  | { status: 'idle' | 'sending' }
  | { status: 'error'; message: string; fields: Record<string, string> }
  | { status: 'sent'; result: R };

/** Form values by input name; repeated names (checkbox groups) become arrays. */
export function formValues(form: HTMLFormElement): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, raw] of new FormData(form)) {
    if (typeof raw !== 'string') continue;
    const prev = out[key];
    out[key] = prev === undefined ? raw : Array.isArray(prev) ? [...prev, raw] : [prev, raw];
  }
  return out;
}

export function useApiForm<R>(send: (form: HTMLFormElement) => Promise<R>) {
  const [state, setState] = useState<FormState<R>>({ status: 'idle' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.status === 'sending') return;
    const form = event.currentTarget;
    setState({ status: 'sending' });
    try {
      setState({ status: 'sent', result: await send(form) });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setState({ status: 'error', message: errorMessage(err), fields });
      // Move focus to the first field the server named, so the message is read out.
      const first = Object.keys(fields)[0];
      const target = first ? form.querySelector<HTMLElement>(`[name="${CSS.escape(first.split('.')[0]!)}"]`) : null;
      target?.focus();
    }
  };

  const fieldError = (name: string): string | undefined => (state.status === 'error' ? state.fields[name] : undefined);
  const reset = () => setState({ status: 'idle' });
  return { state, onSubmit, fieldError, reset, sending: state.status === 'sending' };
}
