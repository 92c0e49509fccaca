// One @nanostores/query instance for the storefront: reads are deduplicated for 20 s (spec §9
// "other data 20 s"); the cart overrides it with 1 s and a refresh on window focus.
import { nanoquery } from '@nanostores/query';

export const OTHER_DEDUPE_MS = 20_000;
export const CART_DEDUPE_MS = 1_000;

export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  dedupeTime: OTHER_DEDUPE_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: true,
});
