// Demo conversations (issue 17): the traveller and Ubin Paddle Co. (answered by the demo partner),
// so /chat is not empty in the demo. One about the mangrove kayak, read by both sides; one general
// question whose last answer the traveller has not read yet (the header's unread dot).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema.ts';

type Line = { side: 'traveller' | 'operator'; minutesAgo: number; body: string };

const DEMO: { id: string; aboutOption: boolean; readByTraveller: boolean; lines: Line[] }[] = [
  {
    id: 'demo-ubin-kayak-family',
    aboutOption: true,
    readByTraveller: true,
    lines: [
      { side: 'traveller', minutesAgo: 2 * 1440 + 300, body: 'Hi! We are a family of four (the kids are 7 and 10). Is the mangrove kayak OK for them, and do you have child-size life jackets?' },
      { side: 'operator', minutesAgo: 2 * 1440 + 272, body: 'Hi Tess! Yes: children from 6 paddle in a double kayak with an adult, and we have life jackets in every size. Bring hats, water shoes and a change of clothes; the kampong cycle gets muddy after rain.' },
      { side: 'traveller', minutesAgo: 2 * 1440 + 250, body: 'Perfect, thank you. Is the bumboat from Changi Point included?' },
      { side: 'operator', minutesAgo: 2 * 1440 + 231, body: 'It is not included (S$4 a person each way, cash only), but your guide meets you at the Changi Point jetty and crosses with you.' },
    ],
  },
  {
    id: 'demo-ubin-sunrise-question',
    aboutOption: false,
    readByTraveller: false,
    lines: [
      { side: 'traveller', minutesAgo: 1440 + 95, body: 'Do you run sunrise paddles during the Chinese New Year holidays?' },
      { side: 'operator', minutesAgo: 1440 + 40, body: 'We do, on the first and third day only, launching at 6:45am. I will open the dates on our listing this week. Shall I message you here when they are bookable?' },
    ],
  },
];

export async function seedChat(db: Db, travellerId: string, partnerId: string, summary: Record<string, number>): Promise<void> {
  const [op] = await db.select({ id: s.operators.id }).from(s.operators).where(eq(s.operators.slug, 'ubin-paddle-co'));
  if (!op) return; // a catalogue without the demo operator
  const [option] = await db.select({ id: s.options.id }).from(s.options).where(and(eq(s.options.operatorId, op.id), isNull(s.options.deletedAt))).orderBy(asc(s.options.id)).limit(1);
  const [traveller] = await db.select({ name: s.users.name }).from(s.users).where(eq(s.users.id, travellerId));
  const [partner] = await db.select({ name: s.users.name }).from(s.users).where(eq(s.users.id, partnerId));
  if (!traveller || !partner) return;
  const now = Date.now();
  let n = 0;
  for (const demo of DEMO) {
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(s.chatConversations)
        .values({ id: demo.id, travellerId, operatorId: op.id, optionId: demo.aboutOption ? (option?.id ?? null) : null, orderItemId: null, startedBy: 'traveller', createdAt: new Date(now - demo.lines[0]!.minutesAgo * 60_000) })
        .onConflictDoNothing()
        .returning({ id: s.chatConversations.id });
      if (created.length === 0) return; // seeded before
      const ids: { id: number; side: Line['side']; at: Date }[] = [];
      for (const line of demo.lines) {
        const at = new Date(now - line.minutesAgo * 60_000);
        const [m] = await tx
          .insert(s.chatMessages)
          .values({ conversationId: demo.id, side: line.side, senderId: line.side === 'traveller' ? travellerId : partnerId, senderName: line.side === 'traveller' ? traveller.name : partner.name, body: line.body, createdAt: at })
          .returning({ id: s.chatMessages.id });
        ids.push({ id: m!.id, side: line.side, at });
      }
      const last = ids[ids.length - 1]!;
      const lastOf = (side: Line['side']) => ids.filter((x) => x.side === side).at(-1)?.id ?? 0;
      await tx
        .update(s.chatConversations)
        .set({
          lastMessageId: last.id,
          lastMessageAt: last.at,
          lastTravellerMessageId: lastOf('traveller'),
          lastOperatorMessageId: lastOf('operator'),
          travellerReadUpTo: demo.readByTraveller ? last.id : lastOf('traveller'),
          operatorReadUpTo: lastOf('traveller'),
          // Old enough that the unread e-mail would have gone: record it as sent, so none goes now.
          travellerEmailedUpTo: demo.readByTraveller ? 0 : last.id,
        })
        .where(eq(s.chatConversations.id, demo.id));
      n++;
    });
  }
  summary['chat_conversations'] = n;
}
