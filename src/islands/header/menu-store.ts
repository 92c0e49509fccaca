// Which header menu is open. One atom for every header island (navigation menus, account,
// bag), so opening one closes the others even though each island hydrates on its own.
import { atom } from 'nanostores';

export type OpenMenu = {
  id: string;
  /** Hover-opened menus close when the pointer leaves; click- or keyboard-opened ones stay. */
  via: 'hover' | 'click';
  at: number;
};

export const $openMenu = atom<OpenMenu | null>(null);

export function openMenu(id: string, via: OpenMenu['via']): void {
  $openMenu.set({ id, via, at: Date.now() });
}

/** Closes the given menu (if it is the open one), or whichever is open. */
export function closeMenu(id?: string): void {
  const open = $openMenu.get();
  if (open && (id === undefined || open.id === id)) $openMenu.set(null);
}

// A page restored from the back/forward cache must not come back with a menu open.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) closeMenu();
  });
}
