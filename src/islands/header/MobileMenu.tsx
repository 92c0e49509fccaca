// The mobile side menu (< 992 px, spec §2 Header): a modal side panel that mirrors the header,
// with sub-panels (Destinations → country → cities, Gifts, About, the account) and 'Back to
// Home' at the top level. The first panel is static HTML from the build (MobilePanels.astro),
// passed in as the default slot, so the menu opens before this island wakes (ADR 0027); the
// sub-panels are drawn here from the desktop menus' links (menu-links.ts). This island opens
// the dialog, shows one panel at a time, keeps focus inside, closes on Escape, and locks the
// page's scroll while open. The account part depends on who is signed in, so it is rendered here.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { accountMenuEntries } from '../../lib/header-account-menu.ts';
import { UnreadSlot } from './UnreadSlot.tsx';
import { showNotice } from '../../stores/ui.ts';
import { logout } from '../../stores/user.ts';
import { ChevronLeft, ChevronRight, MenuIcon } from './icons.tsx';
import { readMenuLinks, type MenuLink, type MenuLinks } from './menu-links.ts';
import { loadHeaderMenus } from './menu-fragment.ts';
import { closeMenu } from './menu-store.ts';
import { useLoginHref } from './use-login-href.ts';
import { useSessionUser } from './use-session-user.ts';

type Props = { children?: ReactNode; loginHref: string };

export const MOBILE_MENU_ID = 'mobile-menu';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.checkVisibility());
}

function SubPanel({ id, title, parent, children }: { id: string; title: string; parent: string; children: ReactNode }) {
  return (
    <div className="mnav__panel" data-mnav-panel={id}>
      <button type="button" className="mnav__back" data-mnav-back={parent}>
        <ChevronLeft />
        Back
      </button>
      <p className="mnav__title">{title}</p>
      {children}
    </div>
  );
}

function LinkList({ links, all }: { links: MenuLink[]; all?: MenuLink }) {
  return (
    <ul role="list" className="mnav__list">
      {all && (
        <li>
          <a className="mnav__item mnav__item--all" href={all.href}>
            {all.name}
          </a>
        </li>
      )}
      {links.map((l) => (
        <li key={l.href}>
          <a className="mnav__item" href={l.href}>
            {l.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sub-panel `panel` names, drawn from the desktop menus' links; null for the root panel. */
function MenuPanel({ panel, links }: { panel: string; links: MenuLinks }) {
  if (panel === 'destinations')
    return (
      <SubPanel id="destinations" title="Destinations" parent="root">
        <ul role="list" className="mnav__list">
          {links.destinations.map((c) => (
            <li key={c.slug}>
              {c.cities.length > 0 ? (
                <button type="button" className="mnav__item" data-mnav-open={`country-${c.slug}`}>
                  {c.name}
                  <ChevronRight />
                </button>
              ) : (
                <a className="mnav__item" href={c.href}>
                  {c.name}
                </a>
              )}
            </li>
          ))}
        </ul>
      </SubPanel>
    );
  const country = panel.startsWith('country-') ? links.destinations.find((c) => `country-${c.slug}` === panel) : undefined;
  if (country)
    return (
      <SubPanel id={panel} title={country.name} parent="destinations">
        <LinkList links={country.cities} all={{ name: `All of ${country.name}`, href: country.href }} />
      </SubPanel>
    );
  if (panel === 'gifts')
    return (
      <SubPanel id="gifts" title="Gifts" parent="root">
        <LinkList links={links.giftCollections} all={{ name: 'All gifts', href: links.allGiftsHref }} />
        {links.giftGuides.length > 0 && (
          <>
            <p className="mnav__subtitle">Gift guides</p>
            <LinkList links={links.giftGuides} />
          </>
        )}
      </SubPanel>
    );
  if (panel === 'about')
    return (
      <SubPanel id="about" title="About" parent="root">
        <LinkList links={links.about} />
      </SubPanel>
    );
  return null;
}

export default function MobileMenu({ children, loginHref }: Props) {
  const user = useSessionUser();
  const href = useLoginHref(loginHref);
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState('root');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** What to focus once the next panel is shown. */
  const focusAfter = useRef<string | null>(null);
  /**
   * The desktop menus' links, read once when a sub-panel is first shown; they come from the
   * menus' own file (menu-fragment.ts), which the tap that opened this menu started to fetch.
   */
  const links = useRef<MenuLinks | null>(null);
  const openPanel = (id: string) => {
    if (id === 'root' || id === 'account' || links.current) {
      setPanel(id);
      return;
    }
    loadHeaderMenus().then(
      () => {
        links.current = readMenuLinks();
        setPanel(id);
      },
      (err: unknown) => showNotice({ kind: 'alert', text: `The menu could not be loaded: ${err instanceof Error ? err.message : String(err)}` }),
    );
  };

  // The dialog may be open already: client:interaction opens it on the tap that wakes the
  // island (docs/decisions/0027) and replays the tap here, so the state follows it.
  const show = () => {
    const dialog = dialogRef.current;
    if (!dialog || open) return;
    closeMenu();
    setPanel('root');
    if (!dialog.open) dialog.showModal();
    setOpen(true);
  };

  const hide = (returnFocus: boolean) => {
    const dialog = dialogRef.current;
    if (dialog?.open) dialog.close();
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  // One panel at a time: the static panels are shown or hidden here, the account panel by React.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    for (const el of dialog.querySelectorAll<HTMLElement>('[data-mnav-panel]')) el.hidden = el.dataset['mnavPanel'] !== panel;
    dialog.scrollTop = 0;
    const selector = focusAfter.current;
    focusAfter.current = null;
    if (selector) dialog.querySelector<HTMLElement>(selector)?.focus();
  }, [panel, user]);

  // While open the page behind does not scroll, and a wider window (desktop header) closes it.
  useEffect(() => {
    if (!open) return undefined;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    const wide = window.matchMedia('(min-width: 992px)');
    const onWide = () => wide.matches && hide(false);
    wide.addEventListener('change', onWide);
    return () => {
      root.style.overflow = previous;
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const dialog = dialogRef.current;
    if (!dialog || !(event.target instanceof Element)) return;
    if (event.target === dialog) {
      // The panel fills the dialog's box, so a click on the dialog itself outside it is the backdrop.
      const r = dialog.getBoundingClientRect();
      const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
      if (!inside) hide(true);
      return;
    }
    const opener = event.target.closest<HTMLElement>('[data-mnav-open]');
    if (opener?.dataset['mnavOpen']) {
      focusAfter.current = `[data-mnav-panel="${opener.dataset['mnavOpen']}"] [data-mnav-back]`;
      openPanel(opener.dataset['mnavOpen']);
      return;
    }
    const back = event.target.closest<HTMLElement>('[data-mnav-back]');
    if (back?.dataset['mnavBack']) {
      focusAfter.current = `[data-mnav-open="${panel}"]`;
      setPanel(back.dataset['mnavBack']);
      return;
    }
    if (event.target.closest('[data-mnav-close]')) hide(true);
    else if (event.target.closest('a[href]')) hide(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      hide(true);
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(dialog);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="mnav-toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        onClick={show}
      >
        <MenuIcon />
        <span className="visually-hidden">Menu</span>
      </button>
      <dialog
        ref={dialogRef}
        id={MOBILE_MENU_ID}
        className="mnav"
        aria-label="Menu"
        onClick={onClick}
        onKeyDown={onKeyDown}
        onCancel={(event) => {
          event.preventDefault();
          hide(true);
        }}
        onClose={() => setOpen(false)}
      >
        {children}
        {links.current && <MenuPanel panel={panel} links={links.current} />}
        {panel === 'root' && (
          <div className="mnav__account">
            {user ? (
              <button type="button" className="mnav__item" data-mnav-open="account">
                <span className="mnav__item-text">
                  Your account
                  <UnreadSlot className="mnav__unread" />
                  <span className="mnav__item-detail">{user.name}</span>
                </span>
                <ChevronRight />
              </button>
            ) : (
              <a className="mnav__item mnav__login" href={href} data-login-link="">
                Log in
              </a>
            )}
          </div>
        )}
        {panel === 'account' && user && (
          <div className="mnav__panel" data-mnav-panel="account">
            <button type="button" className="mnav__back" data-mnav-back="root">
              <ChevronLeft />
              Back
            </button>
            <p className="mnav__title">Your account</p>
            <ul role="list" className="mnav__list">
              {accountMenuEntries(user).map((entry) => (
                <li key={entry.key}>
                  {entry.kind === 'link' ? (
                    <a className="mnav__item" href={entry.href} data-account-entry={entry.key}>
                      {entry.label}
                      {entry.unreadDot && <UnreadSlot className="mnav__unread" />}
                    </a>
                  ) : (
                    <button
                      type="button"
                      className="mnav__item"
                      data-account-entry={entry.key}
                      onClick={() => {
                        setPanel('root');
                        logout().catch((err: unknown) => showNotice({ kind: 'alert', text: err instanceof Error ? err.message : String(err) }));
                      }}
                    >
                      {entry.label}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </dialog>
    </>
  );
}
