// The operator's messages (issue 17): the same conversations and thread as /chat, answering as
// the operator (every member of the team shares them and their read state). A conversation with
// a traveller starts from one of their bookings ("Message traveller") or from the traveller.
import ChatView from '../chat/ChatView.tsx';
import { hrefIn, type Opened } from './parts.tsx';

export default function Messages({ opened }: { opened: Opened }) {
  return (
    <section className="adm-page ptn-messages">
      <ChatView
        operator={opened.operator.slug}
        base="/partner/messages"
        keep={opened.param ? `?operator=${encodeURIComponent(opened.param)}` : ''}
        title="Messages"
        headingLevel={1}
        embedded
        tripHref={(id) => hrefIn(opened, `/partner/bookings/${encodeURIComponent(id)}`)}
        emptyText={`Travellers’ questions to ${opened.operator.name} appear here. To write to a traveller first, open one of their bookings and choose “Message traveller”.`}
        blankText="Choose a conversation to answer it. Travellers see your team’s replies under your own names, from the operator."
      />
    </section>
  );
}
