// Login link, or the account menu once `$user` is set (spec §2 Header, §6 Roles). Hydrates
// with any other header island (client:interaction="shared") so a sign-in elsewhere on the
// page shows here.
import { accountMenuEntries } from '../../lib/header-account-menu.ts';
import { UnreadSlot } from './UnreadSlot.tsx';
import { showNotice } from '../../stores/ui.ts';
import { logout } from '../../stores/user.ts';
import { ChevronDown } from './icons.tsx';
import { closeMenu } from './menu-store.ts';
import { useHeaderMenu } from './use-header-menu.ts';
import { useLoginHref } from './use-login-href.ts';
import { useSessionUser } from './use-session-user.ts';

type Props = { loginHref: string };

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export default function AccountMenu({ loginHref }: Props) {
  const user = useSessionUser();
  const href = useLoginHref(loginHref);
  const { rootProps, triggerProps, panelProps } = useHeaderMenu<HTMLDivElement>('account');

  if (!user) {
    return (
      <a className="hacct__login" href={href} data-login-link="">
        Log in
      </a>
    );
  }

  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <div className="hacct" {...rootProps}>
      <button className="hacct__trigger" {...triggerProps}>
        <span className="hacct__avatar" aria-hidden="true">
          {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={32} height={32} /> : initials(user.name)}
        </span>
        <span className="visually-hidden">Your account: </span>
        <span className="hacct__name">{firstName}</span>
        <ChevronDown />
      </button>
      <div className="hacct__panel" {...panelProps}>
        <p className="hacct__who">
          <span className="hacct__who-name">{user.name}</span>
          <span className="hacct__who-email">{user.email}</span>
        </p>
        <ul role="list" className="hacct__list">
          {accountMenuEntries(user).map((entry) =>
            entry.kind === 'link' ? (
              <li key={entry.key}>
                <a href={entry.href} data-account-entry={entry.key}>
                  {entry.label}
                  {entry.unreadDot && <UnreadSlot className="hacct__unread" />}
                </a>
              </li>
            ) : (
              <li key={entry.key} className="hacct__logout">
                <button
                  type="button"
                  data-account-entry={entry.key}
                  onClick={() => {
                    closeMenu();
                    logout().catch((err: unknown) => showNotice({ kind: 'alert', text: err instanceof Error ? err.message : String(err) }));
                  }}
                >
                  {entry.label}
                </button>
              </li>
            ),
          )}
        </ul>
      </div>
    </div>
  );
}
