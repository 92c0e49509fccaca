// `$user` for islands that are pre-rendered at build time (where nobody is logged in): the
// first render matches the server HTML (no user), then the real user shows. Reading the store
// directly would make React's hydration mismatch and re-create the island's DOM (an open
// <dialog> would lose its state mid-click).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user, type SessionUser } from '../../stores/user.ts';

export function useSessionUser(): SessionUser | null {
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? user : null;
}
