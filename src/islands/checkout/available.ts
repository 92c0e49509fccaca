// The payment timings and methods the bag allows, in the visitor's display currency; refetched
// when the bag, the currency or the member's use of credits changes.
import { computed } from "nanostores";
import type { CheckoutsAvailableResponse } from "../../contract/booking.ts";
import { getCheckoutsAvailable } from "../../api-client/booking.ts";
import { $cartId } from "../../stores/cart.ts";
import { $displayCurrency } from "../../stores/currency.ts";
import { createFetcherStore } from "../../stores/query.ts";

const $currencyKey = computed($displayCurrency, (c) => c ?? "-");

export const $available = createFetcherStore<CheckoutsAvailableResponse>(
  ["checkouts-available:", $cartId, ":", $currencyKey],
  {
    fetcher: async (_p: unknown, id: unknown, _s: unknown, currency: unknown) =>
      (
        await getCheckoutsAvailable(
          String(id),
          currency === "-" ? undefined : String(currency),
        )
      ).data,
  },
);
