// html-validate's configuration for the built site (scripts/validate-html.ts, part of `npm test`;
// also read by `npx html-validate <file>` and editor plugins).
//
// The standard "html-validate:recommended" rules, with only the rules about how markup is
// written — not about what it means to a browser or to assistive technology — turned off:
// - attr-case: attribute names are case-insensitive in HTML; React writes some in camelCase
//   (autoComplete, enterKeyHint, maxLength) in the islands it renders at build time.
// - attribute-boolean-style, attribute-empty-style: `hidden=""` and `hidden` are the same
//   attribute; React and Astro write the former.
// - void-style: `<input/>` and `<input>` are the same element (React writes the former).
// - no-inline-style: a style attribute is valid HTML; the few we write size one element (a
//   rating bar's width from the data, an account shell's loading placeholder).
// - long-title: title length is a search-snippet preference, not validity; titles come from
//   the content (a best-of item: the experience's and the list's names); tests/e2e/seo.spec.ts
//   checks their form and keeps the info pages' titles short.
// - no-redundant-role: `role="list"` on a <ul> is deliberate: WebKit drops the list semantics
//   of a list styled `list-style: none`, and VoiceOver then stops announcing it as a list.
// form-dup-name also lets checkboxes share a name: a group of checkboxes with one name is how
// HTML sends several chosen values (the corporate form's destinations), as radios send one.
// prefer-native-element leaves out listbox: the search box's suggestions are the ARIA combobox
// pattern's listbox (grouped options with pictures, rendered closed in the page since ADR 0027),
// which a <select> cannot be.
// valid-id in its relaxed form: HTML allows any id without spaces, and React's useId gives
// ids starting with "_", which the strict form (from HTML 4) rejects.
/** @type {import('html-validate').ConfigData} */
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'void-style': 'off',
    'no-inline-style': 'off',
    'long-title': 'off',
    'no-redundant-role': 'off',
    'prefer-native-element': ['error', { exclude: ['listbox'] }],
    'valid-id': ['error', { relaxed: true }],
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'submit', 'button', 'reset'] }],
  },
};
