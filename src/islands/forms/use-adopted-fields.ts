// The client:only side of field adoption (docs/decisions/0017): a form whose fields React
// renders in the browser may be autofilled without an event React hears, and a controlled
// field would then submit its empty state and be emptied on the next render. Before the
// island's own submit handler runs, every filled text field is announced once (same
// mechanism as client:interaction's adoption), so the handler reads what the visitor sees.
import { useEffect, type RefObject } from 'react';
import { announceFields } from '../../directives/adopt-fields.ts';

export function useAdoptedFields(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    // Capture on the form runs before React's submit handler (dispatched from the island root).
    const onSubmit = () => announceFields(el);
    el.addEventListener('submit', onSubmit, true);
    return () => el.removeEventListener('submit', onSubmit, true);
  }, [form]);
}
