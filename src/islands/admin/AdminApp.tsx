// The /admin/* shell's island (spec §2 back-office, §6 Admin): the editors' back-office. It reads
// the path, waits for the session, and shows a clear refusal to anyone who is not an admin (the
// API refuses them too: every /admin call answers 403).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { ADMIN_SECTIONS, adminRoute, type AdminRoute, type AdminSectionKey } from '../../lib/admin-pages.ts';
import { openLoginModal } from '../../stores/ui.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { Loading } from '../account/parts.tsx';
import AmbassadorApplications from './AmbassadorApplications.tsx';
import ArticleEditor from './ArticleEditor.tsx';
import ArticleList from './ArticleList.tsx';
import ExperienceEditor from './ExperienceEditor.tsx';
import ExperienceList from './ExperienceList.tsx';
import SiteSettingsPage from './SiteSettings.tsx';
import '../forms/forms.css';
import '../account/account.css';
import './admin.css';

function Refusal({ title, text, action }: { title: string; text: string; action: React.ReactNode }) {
  return (
    <div className="adm-refusal" role="alert" aria-live="polite">
      <p className="eyebrow">Verdant back-office</p>
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      <p className="adm-refusal__actions">{action}</p>
    </div>
  );
}

function Nav({ route }: { route: AdminRoute }) {
  const active = route.page === 'section' ? route.section : route.page === 'experience' ? 'experiences' : route.page === 'article' ? 'magazine' : null;
  // On a narrow screen the sections scroll sideways: bring the current one into view.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft += current.getBoundingClientRect().left - ul.getBoundingClientRect().left - (ul.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  return (
    <nav className="adm-nav" aria-label="Back-office">
      <a className="adm-nav__brand" href="/admin">
        Back-office
      </a>
      <ul role="list" ref={list}>
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.key}>
            <a href={`/admin/${s.key}`} aria-current={active === s.key ? 'page' : undefined}>
              {s.label}
              {!s.built && <span className="adm-nav__soon">soon</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NotBuilt({ label }: { label: string }) {
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <h1>{label}</h1>
      </header>
      <div className="adm-card adm-empty">
        <p className="adm-empty__title">{label} cannot be edited in the back-office yet</p>
        <p className="muted">Until this section is built, changes to {label.toLowerCase()} go through the content seed (content-seed/ and npm run seed). Experiences, magazine articles and site settings are editable now.</p>
        <a className="button" href="/admin/experiences">
          Edit experiences
        </a>
      </div>
    </section>
  );
}

const TILE_TEXT: Partial<Record<AdminSectionKey, string>> = {
  experiences: 'Edit drafts, preview, publish or schedule',
  magazine: 'Articles: rich text, drafts, publish or schedule',
  ambassadors: 'Review applications',
  settings: 'Header and gift-guide navigation',
};

function Home() {
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <p className="eyebrow">Verdant back-office</p>
          <h1>What would you like to edit?</h1>
        </div>
      </header>
      <ul className="adm-tiles" role="list">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.key}>
            <a className="adm-card adm-tile" href={`/admin/${s.key}`}>
              <strong>{s.label}</strong>
              <span className="muted">{TILE_TEXT[s.key] ?? 'Not editable here yet'}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Page({ route }: { route: AdminRoute }) {
  switch (route.page) {
    case 'home':
      return <Home />;
    case 'experience':
      return <ExperienceEditor id={route.id} />;
    case 'article':
      return <ArticleEditor id={route.id} />;
    case 'section':
      if (route.section === 'experiences') return <ExperienceList />;
      if (route.section === 'magazine') return <ArticleList />;
      if (route.section === 'ambassadors') return <AmbassadorApplications />;
      if (route.section === 'settings') return <SiteSettingsPage />;
      return <NotBuilt label={ADMIN_SECTIONS.find((s) => s.key === route.section)!.label} />;
    case 'unknown':
      return (
        <section className="adm-page">
          <div className="adm-card adm-empty">
            <p className="adm-empty__title">This page isn’t part of the back-office</p>
            <a className="button" href="/admin">
              Back-office home
            </a>
          </div>
        </section>
      );
  }
}

export default function AdminApp() {
  const [route] = useState(() => adminRoute(location.pathname));
  const user = useStore($user);
  const session = useStore($sessionState);
  useEffect(() => {
    const label = route.page === 'section' ? ADMIN_SECTIONS.find((s) => s.key === route.section)?.label : route.page === 'experience' ? 'Edit experience' : route.page === 'article' ? 'Edit article' : 'Back-office';
    document.title = `${label} | Verdant admin`;
  }, [route]);

  if (session !== 'ready') return <Loading label="Loading the back-office…" />;
  if (!user) {
    return (
      <Refusal
        title="Log in to use the back-office"
        text="The back-office is for Verdant’s editors. Log in with your editor account to continue."
        action={
          <button type="button" className="button" onClick={openLoginModal}>
            Log In
          </button>
        }
      />
    );
  }
  if (!user.isAdmin) {
    return (
      <Refusal
        title="You don’t have access to the back-office"
        text={`You are logged in as ${user.email}, which is not a Verdant editor account. If you need to edit the catalogue, ask a Verdant admin to give your account access.`}
        action={
          <a className="button" href="/">
            Back to Verdant
          </a>
        }
      />
    );
  }
  return (
    <div className="adm">
      <Nav route={route} />
      <div className="adm-main">
        <Page route={route} />
      </div>
    </div>
  );
}
