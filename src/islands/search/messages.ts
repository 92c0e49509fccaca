// User-visible texts of the results list (spec §4 wording where it gives one).

/** Shown when a search or a filtered view has no experience. */
export const NO_RESULTS = 'Oops! No results found.';
