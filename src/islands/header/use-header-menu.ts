// Behaviour shared by the header's menus (spec §4 "Header and pickers"): open on hover (with a
// short intent delay, mouse only) or on click; close on outside click, Escape (focus back to
// the trigger), focus leaving the menu, following a link, or the pointer leaving a menu that
// hover opened. The trigger is a button with aria-expanded/aria-controls; the panel follows
// it in the DOM, so Tab walks from the trigger into the links.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { $openMenu, closeMenu, openMenu } from './menu-store.ts';

export const HOVER_OPEN_DELAY_MS = 120;
export const HOVER_CLOSE_DELAY_MS = 220;
/** A click soon after a hover opened the menu keeps it open instead of closing it. */
const HOVER_CLICK_GRACE_MS = 800;

const canHover = () => typeof window !== 'undefined' && window.matchMedia('(hover: hover) and (pointer: fine)').matches;

export function useHeaderMenu<Root extends HTMLElement>(id: string, { hover = true }: { hover?: boolean } = {}) {
  const state = useStore($openMenu);
  const open = state?.id === id;
  const rootRef = useRef<Root>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const clearTimer = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  };
  const later = (ms: number, run: () => void) => {
    clearTimer();
    timer.current = window.setTimeout(run, ms);
  };
  const openByHover = () => later(HOVER_OPEN_DELAY_MS, () => $openMenu.get()?.id !== id && openMenu(id, 'hover'));

  // The island hydrates on the first hover: the pointer may already be over the trigger. Unless
  // it was clicked before hydrating (client:interaction marks the island): that click opened
  // the menu and is replayed, or a second one closed it again, and a hover opening here would
  // race the replay or reopen what the visitor closed (docs/decisions/0027).
  useEffect(() => {
    const root = rootRef.current;
    if (hover && canHover() && root?.matches(':hover') && !root.closest('[data-clicked-early]')) openByHover();
    return clearTimer;
  }, []); // once, on hydration

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) closeMenu(id);
    };
    // Escape closes the menu wherever focus is (a hover-opened menu has none of it); focus
    // that was inside goes back to the trigger.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      const hadFocus = rootRef.current?.contains(document.activeElement) ?? false;
      closeMenu(id);
      if (hadFocus) triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, id]);

  const rootProps = {
    ref: rootRef,
    onPointerEnter: (event: PointerEvent) => {
      if (hover && event.pointerType === 'mouse') openByHover();
    },
    onPointerLeave: (event: PointerEvent) => {
      if (!hover || event.pointerType !== 'mouse') return;
      clearTimer();
      const current = $openMenu.get();
      if (current?.id === id && current.via === 'hover') later(HOVER_CLOSE_DELAY_MS, () => closeMenu(id));
    },
    onBlur: (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !rootRef.current?.contains(next)) closeMenu(id);
    },
    onClick: (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) closeMenu(id);
    },
  };

  const triggerProps = {
    ref: triggerRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': `${id}-menu`,
    id: `${id}-trigger`,
    onClick: () => {
      clearTimer();
      const current = $openMenu.get();
      if (current?.id !== id) openMenu(id, 'click');
      else if (current.via === 'hover' && Date.now() - current.at < HOVER_CLICK_GRACE_MS) openMenu(id, 'click');
      else closeMenu(id);
    },
  };

  const panelProps = { id: `${id}-menu`, hidden: !open };

  return { open, rootProps, triggerProps, panelProps, close: () => closeMenu(id) };
}
