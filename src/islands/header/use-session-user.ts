// `$user` for islands that are pre-rendered at build time (where nobody is logged in): during
// hydration React uses the build's value (no user), then re-renders with the real one, so the
// hydration never mismatches (a mismatch re-creates the island's DOM, and an open <dialog>
// would lose its state mid-click). Event handlers should read `$user.get()`, which is current
// even before that re-render.
import { useSyncExternalStore } from 'react';
import { $user, type SessionUser } from '../../stores/user.ts';

const subscribe = (onChange: () => void) => $user.listen(onChange);
const current = () => $user.get();
const atBuild = () => null;

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, current, atBuild);
}
