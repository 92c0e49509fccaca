// Keeping Tab inside a dialog: the overlays' modals (src/islands/overlays/modal.ts) and a dialog
// the first tap opens before its island is live (src/directives/open-early.ts).

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** On Tab or Shift+Tab: wraps round the shown items of `within`, and brings focus in from outside. */
export function cycleFocus(within: Element, event: KeyboardEvent): void {
  const items = [...within.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const inside = active instanceof Node && within.contains(active);
  if (!inside || active === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
