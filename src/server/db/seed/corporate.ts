// The demo corporate events (content-seed/corporate-events.yaml, ADR 0040): a company's event
// page with the hand-written experiences it pays for, and its codes. Idempotent: seeding again
// changes nothing.
import type { Db } from '../client.ts';
import * as s from '../schema.ts';
import { CORE_OPTIONS } from './catalogue.ts';
import { loadCorporateEvents } from './content-seed.ts';

/** `options` is the seeded catalogue in id order: the hand-written experiences come first, in file order. */
export async function seedCorporateEvents(db: Db, options: readonly { id: number; published: boolean }[], summary: Record<string, number>): Promise<void> {
  const events = loadCorporateEvents();
  const idOf = (key: string, event: string): number => {
    const i = CORE_OPTIONS.findIndex((o) => o.key === key);
    const option = i >= 0 ? options[i] : undefined;
    if (!option) throw new Error(`content-seed/corporate-events.yaml: ${event} names an unknown experience ${key}`);
    return option.id;
  };
  await db.transaction(async (tx) => {
    for (const e of events) {
      const optionIds = e.experiences.map((k) => idOf(k, e.id)).filter((id) => options.find((o) => o.id === id)?.published);
      await tx
        .insert(s.corporateEvents)
        .values({ id: e.id, companyName: e.company, title: e.title, description: e.description, emailDomain: e.emailDomain ?? null, optionIds, startDate: e.startDate, endDate: e.endDate })
        .onConflictDoNothing();
      await tx
        .insert(s.corporateCodes)
        .values(e.codes.map((c) => ({ eventId: e.id, code: c.code, maxUses: c.maxUses, maxUsesPerEmployee: c.maxUsesPerEmployee, maxGuests: c.maxGuests })))
        .onConflictDoNothing();
    }
  });
  summary['corporate_events'] = events.length;
  summary['corporate_codes'] = events.reduce((n, e) => n + e.codes.length, 0);
}
