// client:interaction — hydrate an island on its first mouse hover, focus, click, tap or key.
// The island's HTML is pre-rendered, so it looks complete before any JavaScript loads.
// `client:interaction="shared"` marks islands that show shared state (cart badge, account
// menu): they hydrate as soon as any island hydrates, so a store change reaches them.
// Clicks on buttons, and Enter in a form's field, are held until the island is live and then
// replayed once, so the first click works even when it lands while the island's code is still
// loading (hover starts the load). What the visitor typed, ticked or autofilled before that is
// adopted by the live island (adopt-fields.ts, docs/decisions/0017). The island counts as live
// only after the adoption: between React's hydration and it, React would see an Enter or a click
// with its own empty state (a search submitted with no words).
// The tap that wakes an island is answered at once, in plain HTML (open-early.ts,
// docs/decisions/0027): the panel its trigger controls opens while React loads, and the held
// click, replayed, tells React about it. The island's code runs a frame after the event, once
// that answer is painted. Once the page has loaded and gone idle, the island's code is fetched
// (not run), so waking it costs no network round trip.
import type { ClientDirective } from "astro";
import { watchFields } from "./adopt-fields.ts";
import { openEarly, prefetchIsland } from "./open-early.ts";

const EVENTS = [
  "pointerover",
  "pointerdown",
  "focusin",
  "keydown",
  "click",
  "submit",
] as const;
const HYDRATED = "verdant:hydrated";
/** Set on an island when a click on one of its buttons was held before it was live. */
const CLICKED_EARLY = "data-clicked-early";
// Inputs where Enter does not submit their form.
const NOT_SUBMITTING = new Set([
  "checkbox",
  "radio",
  "button",
  "submit",
  "reset",
  "file",
  "image",
  "color",
  "range",
]);

/** Child indexes from `root` down to `node`. */
function pathIn(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let n: Element | null = node; n && n !== root; n = n.parentElement) path.unshift(n.parentElement ? [...n.parentElement.children].indexOf(n) : 0);
  return path;
}

/** What identifies a button or a form across two renders of the same island. */
function identity(n: HTMLElement): string {
  const attrs = ["id", "name", "value", "type", "aria-label", "action"].map((a) => n.getAttribute(a) ?? "");
  if (n instanceof HTMLFormElement) {
    // A form by its fields' names (its text changes with what was rendered afresh).
    return [...attrs, ...[...n.elements].map((f) => f.getAttribute("name") ?? "")].join("\u0000");
  }
  return [...attrs, n.textContent ?? ""].join("\u0000");
}

/**
 * What sits at `path` under `root` now, if it is the same button or form as `was` (the same
 * attributes, text or fields); else nothing: a click is never replayed on a guess.
 */
function counterpart(root: Element, path: number[], was: HTMLElement): HTMLElement | null {
  let n: Element | undefined = root;
  for (const i of path) n = n?.children[i];
  return n instanceof HTMLElement && n.tagName === was.tagName && identity(n) === identity(was) ? n : null;
}

const interaction: ClientDirective = (load, opts, el) => {
  let state: "idle" | "loading" | "live" = "idle";
  let pendingClick: HTMLElement | null = null;
  let pendingSubmit: HTMLFormElement | null = null;
  let clickPath: number[] = [];
  let formPath: number[] = [];
  let opened: ReturnType<typeof openEarly> = null;
  let pressed = false;

  const hydrate = async () => {
    if (state !== "idle") return;
    state = "loading";
    window.removeEventListener(HYDRATED, hydrate);
    const fields = watchFields(el);
    const run = await load();
    await run();
    window.dispatchEvent(new Event(HYDRATED));
    // Let React attach its listeners, then adopt the fields and replay the visitor's click or submit.
    // The replay waits one more task, so the state the adoption set has rendered first.
    requestAnimationFrame(() => {
      fields.adopt();
      setTimeout(() => {
        state = "live";
        for (const type of EVENTS) el.removeEventListener(type, onEvent, true);
        const click = pendingClick;
        const form = pendingSubmit;
        pendingClick = pendingSubmit = null;
        const shown = opened;
        opened = null;
        // React opens what the plain HTML opened: by the replayed click, or by the trigger's.
        shown?.handOver(click)?.click();
        // An island whose first render differed from its server HTML was rendered afresh by
        // React (a hydration mismatch): the button or form held is then its counterpart at the
        // same place in the new DOM.
        const button = click && (click.isConnected ? click : counterpart(el, clickPath, click));
        const sent = form && (form.isConnected ? form : counterpart(el, formPath, form));
        if (button) button.click();
        else if (sent instanceof HTMLFormElement) sent.requestSubmit();
      });
    });
  };

  // The answer to the tap (open-early.ts, or the browser's own: a <details>, the caret in a
  // field) is painted first; then the island's code runs, a long task on a slow phone.
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    requestAnimationFrame(() => setTimeout(() => void hydrate()));
  };

  /** Keeps an event from the page and from React (its listeners sit on this same element). */
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };

  function onEvent(event: Event) {
    if (state === "live") return;
    const target = event.target;
    // A mouse resting on the island starts the work early; a finger's touch does not, nor the
    // focus a press gives: the click follows within a frame or two and would wait behind React's
    // long task (docs/decisions/0027). The click wakes the island, after answering.
    if (event.type === "pointerdown") pressed = true;
    else if (event.type === "click") pressed = false;
    const notYet = event.type === "focusin" ? pressed : event instanceof PointerEvent && event.type !== "click" && event.pointerType !== "mouse";
    if (event.type === "keydown") {
      // Enter in a form's one-line field submits that form once the island is live (held here,
      // the browser's implicit submission and the island's own key handler both wait for it).
      const enter =
        (event as KeyboardEvent).key === "Enter" &&
        !(event as KeyboardEvent).isComposing;
      if (
        enter &&
        target instanceof HTMLInputElement &&
        !NOT_SUBMITTING.has(target.type) &&
        target.form &&
        el.contains(target.form)
      ) {
        hold(event);
        if (!pendingClick) {
          pendingSubmit = target.form;
          formPath = pathIn(el, target.form);
        }
      }
    } else if (event.type === "submit" && target instanceof HTMLFormElement) {
      hold(event);
      if (!pendingClick) {
        pendingSubmit = target;
        formPath = pathIn(el, target);
      }
      return;
    } else if (event.type === "click" && target instanceof Element) {
      const actionable = target.closest('button, [role="button"]');
      if (actionable instanceof HTMLElement && el.contains(actionable)) {
        hold(event);
        pendingClick = actionable;
        clickPath = pathIn(el, actionable);
        // Said on the island, for what it does when it wakes: a click before that decides (the
        // replay, or a second tap that closed the panel again), not a pointer resting on it.
        el.setAttribute(CLICKED_EARLY, "");
        // A second tap on the trigger that opened a panel, or on its close button, closes it
        // again: nothing to replay.
        if (opened && (opened.trigger === actionable || actionable.hasAttribute("data-early-close"))) {
          opened.undo();
          opened = null;
          pendingClick = null;
        } else if (!opened) {
          opened = openEarly(el, actionable, () => {
            opened = null;
            if (pendingClick === actionable) pendingClick = null;
          });
        }
      }
    } else if (event.type === "focusin" && target instanceof HTMLInputElement && !opened) {
      opened = openEarly(el, target, () => (opened = null));
    }
    if (!notYet) wake();
  }

  const holds = (type: string) =>
    type === "click" || type === "submit" || type === "keydown";
  for (const type of EVENTS)
    el.addEventListener(type, onEvent, {
      capture: true,
      passive: !holds(type),
    });
  if (opts.value === "shared")
    window.addEventListener(HYDRATED, hydrate, { once: true });
  prefetchIsland(el);
};

export default interaction;
