// The header's desktop navigation: Destinations, Gifts and About menus and the Field Notes link.
// The menus' content is static HTML rendered at build and passed in as slots; this island only
// adds the behaviour (use-header-menu.ts). It hydrates on the first hover, focus or click
// (client:interaction), and a click made before that is replayed, so it opens the menu.
import type { ReactNode } from 'react';
import { ChevronDown } from './icons.tsx';
import { useHeaderMenu } from './use-header-menu.ts';

import type { NavSection } from '../../lib/header-paths.ts';

type Props = {
  /** Named slots: each menu's panel content. */
  destinations?: ReactNode;
  gifts?: ReactNode;
  about?: ReactNode;
  fieldNotesHref: string;
  /** The section the page belongs to, for the current-section marker. */
  current?: NavSection | undefined;
};

function NavMenu({ id, label, layout, current, children }: { id: string; label: string; layout: 'mega' | 'dropdown'; current: boolean; children: ReactNode }) {
  const { rootProps, triggerProps, panelProps } = useHeaderMenu<HTMLLIElement>(`nav-${id}`);
  return (
    <li className={`hnav__item hnav__item--${layout}`} {...rootProps}>
      <button className={current ? 'hnav__trigger hnav__trigger--current' : 'hnav__trigger'} {...triggerProps}>
        {label}
        <ChevronDown />
      </button>
      <div className={`hnav__panel hnav__panel--${layout}`} {...panelProps}>
        {children}
      </div>
    </li>
  );
}

export default function HeaderNav({ destinations, gifts, about, fieldNotesHref, current }: Props) {
  return (
    <ul role="list" className="hnav">
      <NavMenu id="destinations" label="Destinations" layout="mega" current={current === 'destinations'}>
        {destinations}
      </NavMenu>
      <NavMenu id="gifts" label="Gifts" layout="mega" current={current === 'gifts'}>
        {gifts}
      </NavMenu>
      <NavMenu id="about" label="About" layout="dropdown" current={current === 'about'}>
        {about}
      </NavMenu>
      <li className="hnav__item">
        <a className="hnav__link" href={fieldNotesHref} aria-current={current === 'field-notes' ? 'page' : undefined}>
          Field Notes
        </a>
      </li>
    </ul>
  );
}
