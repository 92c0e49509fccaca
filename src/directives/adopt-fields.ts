// What a visitor typed, ticked, picked or autofilled in a server-rendered island before it
// hydrated is the island's starting state (docs/decisions/0017). `watchFields` notes the fields'
// values from the moment hydration starts (autofill sets them without any event, typing goes on
// while the island's code loads); `adopt` runs once the island is live: every field the visitor
// changed from its server-rendered default gets that value back if a render replaced it, and
// one input/change event, so a component's state (controlled or not) follows the DOM; focus
// and the caret return to the field that had them.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Noted = { key: string; value: string; checked: boolean; selected: boolean[] };

const FIELDS = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=file]), textarea, select';

const isToggle = (f: Field): f is HTMLInputElement => f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio');

const fieldsOf = (root: Element): Field[] => [...root.querySelectorAll<Field>(FIELDS)];

/** A field's key: its form's position and its name, else its position (a re-render keeps both). */
function keyOf(root: Element, field: Field, index: number): string {
  const forms = [...root.querySelectorAll('form')];
  const form = field.form && root.contains(field.form) ? forms.indexOf(field.form) : -1;
  const toggle = isToggle(field) ? `=${field.value}` : '';
  return field.name ? `${form}:${field.name}${toggle}` : `#${index}`;
}

/** Changed from what the server rendered (the HTML's value / checked / selected attributes). */
function changed(f: Field): boolean {
  if (isToggle(f)) return f.checked !== f.defaultChecked;
  if (f instanceof HTMLSelectElement) return [...f.options].some((o) => o.selected !== o.defaultSelected);
  return f.value !== f.defaultValue;
}

function note(root: Element, f: Field, index: number): Noted {
  return {
    key: keyOf(root, f, index),
    value: f.value,
    checked: isToggle(f) && f.checked,
    selected: f instanceof HTMLSelectElement ? [...f.options].map((o) => o.selected) : [],
  };
}

const nativeSetter = (f: Field, prop: 'value' | 'checked') => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f) as object, prop)?.set;

/**
 * Gives the field its noted state and tells the component: React keeps the last value it saw
 * on the element itself, so the element's own setter first records a different value and the
 * prototype's setter then writes the real one; the event then reads as a change.
 */
function restore(f: Field, n: Noted): void {
  if (isToggle(f)) {
    f.checked = !n.checked;
    nativeSetter(f, 'checked')?.call(f, n.checked);
    f.dispatchEvent(new Event('click', { bubbles: true }));
    f.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (f instanceof HTMLSelectElement) {
    [...f.options].forEach((o, i) => (o.selected = n.selected[i] ?? o.selected));
    f.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  f.value = n.value === '' ? ' ' : '';
  nativeSetter(f, 'value')?.call(f, n.value);
  f.dispatchEvent(new Event('input', { bubbles: true }));
  f.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Tells a React island about what its text fields hold when that arrived without an event the
 * island heard (autofill, a script): for islands that render their fields in the browser
 * (client:only), which call it on submit before reading their state (use-adopted-fields.ts).
 */
export function announceFields(root: Element): void {
  // All first: a controlled field's change re-renders, which empties the fields not told yet.
  const filled = fieldsOf(root)
    .map((f, i) => [f, note(root, f, i)] as const)
    .filter(([f]) => !isToggle(f) && !(f instanceof HTMLSelectElement) && f.value !== '' && !f.disabled && !f.readOnly);
  for (const [f, n] of filled) restore(f, n);
}

export function watchFields(root: Element): { adopt: () => void } {
  const noted = new Map<string, Noted>();
  let focus: { key: string; start: number | null; end: number | null } | null = null;

  const record = () => {
    noted.clear();
    fieldsOf(root).forEach((f, i) => {
      if (changed(f)) noted.set(keyOf(root, f, i), note(root, f, i));
    });
    const active = document.activeElement;
    const index = fieldsOf(root).findIndex((f) => f === active);
    if (index >= 0) {
      const f = fieldsOf(root)[index]!;
      const caret = f instanceof HTMLInputElement || f instanceof HTMLTextAreaElement;
      let start: number | null = null;
      let end: number | null = null;
      try {
        if (caret) ({ selectionStart: start, selectionEnd: end } = f);
      } catch {
        // email/number inputs have no selection API
      }
      focus = { key: keyOf(root, f, index), start, end };
    }
  };
  record();
  // Typing, ticking and focus moves while the code loads.
  const onEvent = () => record();
  const types = ['input', 'change', 'focusin'] as const;
  for (const type of types) root.addEventListener(type, onEvent, true);

  return {
    adopt() {
      for (const type of types) root.removeEventListener(type, onEvent, true);
      // React may still be hydrating (concurrently): an input event makes it finish first, and
      // finds nothing changed; only then can the restore below read as the visitor's change.
      if (noted.size) fieldsOf(root)[0]?.dispatchEvent(new Event('input', { bubbles: true }));
      const fields = fieldsOf(root);
      fields.forEach((f, i) => {
        const n = noted.get(keyOf(root, f, i));
        if (n) restore(f, n);
      });
      if (!focus) return;
      const target = fields.find((f, i) => keyOf(root, f, i) === focus!.key);
      if (!target || document.activeElement === target) return;
      if (document.activeElement && document.activeElement !== document.body && !root.contains(document.activeElement)) return;
      target.focus();
      if (focus.start !== null && !(target instanceof HTMLSelectElement)) {
        try {
          target.setSelectionRange(focus.start, focus.end);
        } catch {
          // no selection API on this input type
        }
      }
    },
  };
}
