// The /admin/* shell's island (spec §2 back-office, §6 Admin): the editors' back-office. It reads
// the path, waits for the session, and shows a clear refusal to anyone who is not an admin (the
// API refuses them too: every /admin call answers 403).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ADMIN_SECTIONS, adminRoute, type AdminRoute, type AdminSectionKey } from '../../lib/admin-pages.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { Loading } from '../account/parts.tsx';
import AmbassadorApplications from './AmbassadorApplications.tsx';
import ListingChanges from './ListingChanges.tsx';
import ProblemReports from './ProblemReports.tsx';
import TagEvidence from './TagEvidence.tsx';
import CorporateEvents from './CorporateEvents.tsx';
import ArticleEditor from './ArticleEditor.tsx';
import ArticleList from './ArticleList.tsx';
import BestOfListEditor from './BestOfListEditor.tsx';
import BestOfListList from './BestOfListList.tsx';
import OperatorEditor from './OperatorEditor.tsx';
import OperatorList from './OperatorList.tsx';
import CollectionEditor from './CollectionEditor.tsx';
import CollectionList from './CollectionList.tsx';
import ExperienceEditor from './ExperienceEditor.tsx';
import ExperienceList from './ExperienceList.tsx';
import { CityEditor, CountryEditor } from './PlaceEditor.tsx';
import PlaceList from './PlaceList.tsx';
import TagEditor from './TagEditor.tsx';
import TagList from './TagList.tsx';
import ItineraryEditor from './ItineraryEditor.tsx';
import ItineraryList from './ItineraryList.tsx';
import { BackOfficeNav, EmptyPage, LoginRefusal, Refusal } from './parts.tsx';
import SiteSettingsPage from './SiteSettings.tsx';
import '../forms/forms.css';
import '../account/account.css';
import './admin.css';

function Nav({ route }: { route: AdminRoute }) {
  const active = route.page === 'section' ? route.section : route.page === 'experience' ? 'experiences' : route.page === 'article' ? 'magazine' : route.page === 'operator' ? 'operators' : route.page === 'country' || route.page === 'city' ? 'places' : route.page === 'tag' ? 'tags' : route.page === 'collection' ? 'collections' : route.page === 'itinerary' ? 'itineraries' : route.page === 'best-of-list' ? 'best-of-lists' : null;
  return <BackOfficeNav brand="Back-office" brandHref="/admin" active={active} items={ADMIN_SECTIONS.map((s) => ({ key: s.key, label: s.label, href: `/admin/${s.key}`, soon: !s.built }))} />;
}

function NotBuilt({ label }: { label: string }) {
  return (
    <EmptyPage
      heading={label}
      title={`${label} cannot be edited in the back-office yet`}
      text={`Until this section is built, changes to ${label.toLowerCase()} go through the content seed (content-seed/ and npm run seed). Experiences, collections, itineraries, best-of lists, magazine articles, countries and cities, tags, operators and site settings are editable now.`}
      href="/admin/experiences"
      action="Edit experiences"
    />
  );
}

const TILE_TEXT: Partial<Record<AdminSectionKey, string>> = {
  experiences: 'Edit drafts, preview, publish or schedule',
  magazine: 'Articles: rich text, drafts, publish or schedule',
  operators: 'Operator pages: story, photo, contact',
  places: 'Copy, hero images and featured cities',
  tags: 'Names, addresses and descriptions',
  collections: 'Intro, categories, tips and their experiences',
  itineraries: 'Days, their text and experiences',
  'best-of-lists': 'Ranked picks and why each made the list',
  'listing-changes': 'Review what operators changed in their listings',
  ambassadors: 'Review applications',
  reports: 'Problems visitors reported with listings',
  'corporate-events': 'Company codes that pay for team experiences',
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
    case 'operator':
      return <OperatorEditor id={route.id} />;
    case 'country':
      return <CountryEditor id={route.id} />;
    case 'city':
      return <CityEditor id={route.id} />;
    case 'tag':
      return <TagEditor id={route.id} />;
    case 'collection':
      return <CollectionEditor id={route.id} />;
    case 'itinerary':
      return <ItineraryEditor id={route.id} />;
    case 'best-of-list':
      return <BestOfListEditor id={route.id} />;
    case 'section':
      if (route.section === 'experiences') return <ExperienceList />;
      if (route.section === 'magazine') return <ArticleList />;
      if (route.section === 'collections') return <CollectionList />;
      if (route.section === 'itineraries') return <ItineraryList />;
      if (route.section === 'best-of-lists') return <BestOfListList />;
      if (route.section === 'operators') return <OperatorList />;
      if (route.section === 'places') return <PlaceList />;
      if (route.section === 'tags') return <TagList />;
      if (route.section === 'ambassadors') return <AmbassadorApplications />;
      if (route.section === 'listing-changes') return <ListingChanges />;
      if (route.section === 'tag-evidence') return <TagEvidence />;
      if (route.section === 'reports') return <ProblemReports />;
      if (route.section === 'settings') return <SiteSettingsPage />;
      if (route.section === 'corporate-events') return <CorporateEvents />;
      return <NotBuilt label={ADMIN_SECTIONS.find((s) => s.key === route.section)!.label} />;
    case 'unknown':
      return <EmptyPage title="This page isn’t part of the back-office" href="/admin" action="Back-office home" />;
  }
}

export default function AdminApp() {
  const [route] = useState(() => adminRoute(location.pathname));
  const user = useStore($user);
  const session = useStore($sessionState);
  useEffect(() => {
    const label = route.page === 'section' ? ADMIN_SECTIONS.find((s) => s.key === route.section)?.label : route.page === 'experience' ? 'Edit experience' : route.page === 'article' ? 'Edit article' : route.page === 'operator' ? 'Edit operator' : route.page === 'country' ? 'Edit country' : route.page === 'city' ? 'Edit city' : route.page === 'tag' ? 'Edit tag' : route.page === 'collection' ? 'Edit collection' : route.page === 'itinerary' ? 'Edit itinerary' : route.page === 'best-of-list' ? 'Edit best-of list' : 'Back-office';
    document.title = `${label} | Verdant admin`;
  }, [route]);

  if (session !== 'ready') return <Loading label="Loading the back-office…" />;
  if (!user) {
    return <LoginRefusal title="Log in to use the back-office" text="The back-office is for Verdant’s editors. Log in with your editor account to continue." />;
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
