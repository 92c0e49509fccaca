// The /partner/* shell's island (spec §1 suppliers, §2 /partner; issue 15): the operators'
// back-office. It waits for the session, shows a clear refusal to anyone who is neither a member
// of an operator nor an admin (the API refuses them too: every /partner call answers 403), and
// opens the operator named in `?operator=` (admins: any; partners: their own) or the first one.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { partnerOperators } from '../../api-client/partner.ts';
import type { PartnerOperator } from '../../contract/partner.ts';
import { operatorInSearch, PARTNER_SECTIONS, partnerRoute, type PartnerRoute } from '../../lib/partner-pages.ts';
import { $chatUnread } from '../../stores/chat-unread.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { BackOfficeNav, EmptyPage, LoginRefusal, Refusal } from '../admin/parts.tsx';
import Availability from './Availability.tsx';
import BookingDetail from './BookingDetail.tsx';
import Bookings from './Bookings.tsx';
import Listings, { ListingEditor } from './Listings.tsx';
import Messages from './Messages.tsx';
import Payouts, { PayoutStatement } from './Payouts.tsx';
import Questions from './Questions.tsx';
import Team from './Team.tsx';
import { hrefIn, type Opened } from './parts.tsx';
import '../forms/forms.css';
import '../account/account.css';
import '../admin/admin.css';
import './partner.css';

function OperatorPicker({ operators, current }: { operators: PartnerOperator[]; current: PartnerOperator }) {
  return (
    <label className="ptn-picker">
      <span className="adm-field__label">Operator</span>
      <select value={current.slug} onChange={(e) => location.assign(`/partner?operator=${encodeURIComponent(e.target.value)}`)}>
        {operators.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Page({ route, opened }: { route: PartnerRoute; opened: Opened }) {
  switch (route.page) {
    case 'bookings':
      return <Bookings opened={opened} />;
    case 'booking':
      return <BookingDetail opened={opened} id={route.id} />;
    case 'statement':
      return <PayoutStatement opened={opened} month={route.month} />;
    case 'listing':
      return <ListingEditor opened={opened} id={route.id} />;
    case 'conversation':
      return <Messages opened={opened} />;
    case 'section':
      if (route.section === 'availability') return <Availability opened={opened} />;
      if (route.section === 'payouts') return <Payouts opened={opened} />;
      if (route.section === 'team') return <Team opened={opened} />;
      if (route.section === 'listings') return <Listings opened={opened} />;
      if (route.section === 'messages') return <Messages opened={opened} />;
      if (route.section === 'questions') return <Questions opened={opened} />;
      return <Bookings opened={opened} />;
    case 'unknown':
      return <EmptyPage title="This page isn’t part of the partner back-office" href={hrefIn(opened, '/partner')} action="Bookings" />;
  }
}

export default function PartnerApp() {
  const [route] = useState(() => partnerRoute(location.pathname));
  const user = useStore($user);
  const session = useStore($sessionState);
  const unread = useStore($chatUnread);
  const allowed = session === 'ready' && !!user && (user.isPartner || user.isAdmin);
  const operators = useApi(() => (allowed ? partnerOperators() : Promise.resolve({ data: { operators: [] } })), allowed ? `operators:${user.id}` : 'none');
  useEffect(() => {
    const label = route.page === 'conversation' ? 'Messages' : route.page === 'booking' ? 'Booking' : route.page === 'statement' ? 'Payout statement' : route.page === 'listing' ? 'Listing' : route.page === 'section' ? PARTNER_SECTIONS.find((s) => s.key === route.section)!.label : 'Bookings';
    document.title = `${label} | Verdant partner`;
  }, [route]);

  if (session !== 'ready') return <Loading label="Loading the partner back-office…" />;
  if (!user) {
    return <LoginRefusal title="Log in to the partner back-office" text="The partner back-office is where operators answer requests, see their guests and manage bookings. Log in with the account your operator invited." />;
  }
  const refusal = (
    <Refusal
      title="The partner back-office is for operators"
      text={`You are logged in as ${user.email}, which is not a member of any operator on Verdant. If you run tours or stays with us, ask your operator’s owner to invite this address, or write to partners@verdant.example.`}
      action={
        <a className="button" href="/account/trips">
          Go to your trips
        </a>
      }
    />
  );
  if (!allowed) return refusal;
  if (operators.state.status === 'loading') return <Loading label="Loading your operators…" />;
  if (operators.state.status === 'error') return <Problem text={operators.state.error} onRetry={operators.reload} />;
  const list = operators.state.data.operators;
  const asked = operatorInSearch(location.search);
  const current = asked ? list.find((o) => o.slug === asked) : list[0];
  if (!current) {
    return (
      <Refusal
        title="Operator not found"
        text={asked ? `There is no operator “${asked}” that you can open.` : 'Your account is not a member of any operator yet.'}
        action={
          <a className="button" href="/partner">
            Partner back-office
          </a>
        }
      />
    );
  }
  const opened: Opened = { operator: current, param: list.length > 1 ? current.slug : null };
  const active = route.page === 'booking' || route.page === 'bookings' ? 'bookings' : route.page === 'statement' ? 'payouts' : route.page === 'listing' ? 'listings' : route.page === 'conversation' ? 'messages' : route.page === 'section' ? route.section : null;
  const unreadHere = unread?.operators.find((o) => o.slug === current.slug)?.unreadConversations ?? 0;
  return (
    <div className="adm">
      <BackOfficeNav brand={current.name} brandHref={hrefIn(opened, '/partner')} active={active} items={PARTNER_SECTIONS.map((s) => ({ key: s.key, label: s.label, href: hrefIn(opened, s.key === 'bookings' ? '/partner' : `/partner/${s.key}`), ...(s.key === 'messages' ? { count: unreadHere } : {}) }))}>
        {list.length > 1 && <OperatorPicker operators={list} current={current} />}
      </BackOfficeNav>
      <div className="adm-main">
        <Page route={route} opened={opened} />
      </div>
    </div>
  );
}
