// False while React hydrates an island's server HTML (the build knew no cookie, no storage),
// true from the render after: what only the browser knows is shown then, so the first render
// matches the HTML. A mismatch makes React discard the HTML and render the island afresh, which
// loses the element a held tap was on and costs a second render on a slow phone.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
