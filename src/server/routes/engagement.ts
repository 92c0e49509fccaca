// POST /subscribes, /cookie_consents/count, /contact and /corporate-inquiries
// (src/contract/engagement.ts). Answers never carry anything but a status or a reference:
// what someone else subscribed or wrote is never echoed back.
import { and, isNotNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  ContactBody,
  CookieConsentCountBody,
  CorporateInquiryBody,
  SubscribeBody,
  type ContactResponse,
  type CorporateInquiryResponse,
  type CookieConsentCountResponse,
  type SubscribeResponse,
} from '../../contract/engagement.ts';
import type { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { contactMessages, cookieConsentCounts, corporateInquiries, newsletterSubscriptions } from '../db/schema.ts';
import { readBody, reply } from '../http.ts';
import { rateLimit } from '../middleware.ts';
import { mailOf, queueMail } from '../providers/mail.ts';

/** Where contact messages and corporate inquiries are announced. */
export const TEAM_INBOX = 'hello@verdant.example';

/** Per-IP budgets per minute: sign-ups and messages are rare; a flood is a bot. */
export const LIMITS = { subscribes: 10, consentCounts: 30, contact: 5, corporate: 5 } as const;
/** RATE_LIMIT_PER_MINUTE's default (src/server/config.ts). */
const DEFAULT_API_LIMIT = 300;

/**
 * A route's budget grows with the API-wide one: a deployment (or a test run, whose requests all
 * come from one address) that raises RATE_LIMIT_PER_MINUTE raises these in proportion.
 */
const budget = (base: number) => (c: Context<AppEnv>) => Math.max(base, Math.floor((base * c.var.config.rateLimitPerMinute) / DEFAULT_API_LIMIT));

/** `C-000123`: short enough to read out on the phone. */
export const reference = (prefix: 'C' | 'CI', id: number) => `${prefix}-${String(id).padStart(6, '0')}`;

/** The visitor's country from the trusted proxy's header, or null when unknown. */
function countryOf(c: Context<AppEnv>): string | null {
  const value = c.req.header(c.var.config.geoCountryHeader)?.trim().toUpperCase();
  return value && /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : null;
}

const utcDay = () => new Date().toISOString().slice(0, 10);

/** As the contact form shows them (src/islands/forms/ContactForm.tsx). */
const CONTACT_TOPIC_LABELS: Record<z.output<typeof ContactBody>['topic'], string> = {
  booking: 'A booking',
  payment: 'A payment or refund',
  partnership: 'Partnering with Verdant',
  press: 'Press and media',
  feedback: 'Feedback on the site',
  other: 'Something else',
};

export function engagementRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/subscribes', rateLimit({ bucket: 'subscribes', limit: budget(LIMITS.subscribes) }), async (c) => {
    const { email, source } = await readBody(c, SubscribeBody);
    const db = c.var.db;
    const inserted = await db
      .insert(newsletterSubscriptions)
      .values({ email, source, countryCode: countryOf(c) })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    let status: SubscribeResponse['status'] = inserted.length ? 'subscribed' : 'existed';
    if (status === 'existed') {
      // Someone who unsubscribed and signs up again is subscribed again.
      const revived = await db
        .update(newsletterSubscriptions)
        .set({ unsubscribedAt: null, source })
        .where(and(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`, isNotNull(newsletterSubscriptions.unsubscribedAt)))
        .returning({ id: newsletterSubscriptions.id });
      if (revived.length) status = 'subscribed';
    }
    return reply(c, { status } satisfies SubscribeResponse);
  });

  r.post('/cookie_consents/count', rateLimit({ bucket: 'cookie-consents', limit: budget(LIMITS.consentCounts) }), async (c) => {
    const body = await readBody(c, CookieConsentCountBody);
    await c.var.db
      .insert(cookieConsentCounts)
      .values({
        day: utcDay(),
        choice: body.choice,
        performance: body.performanceCookie,
        functional: body.functionalCookie,
        targeting: body.targetingCookie,
        count: 1,
      })
      .onConflictDoUpdate({
        target: [cookieConsentCounts.day, cookieConsentCounts.choice, cookieConsentCounts.performance, cookieConsentCounts.functional, cookieConsentCounts.targeting],
        set: { count: sql`${cookieConsentCounts.count} + 1` },
      });
    return reply(c, { counted: true } satisfies z.infer<typeof CookieConsentCountResponse>);
  });

  r.post('/contact', rateLimit({ bucket: 'contact', limit: budget(LIMITS.contact) }), async (c) => {
    const body = await readBody(c, ContactBody);
    const ref = await c.var.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ name: body.name, email: body.email, topic: body.topic, message: body.message, bookingReference: body.bookingReference || null })
        .returning({ id: contactMessages.id });
      const ref = reference('C', row!.id);
      const topic = CONTACT_TOPIC_LABELS[body.topic];
      await queueMail(
        tx,
        c.var,
        mailOf(body.email, `We have your message (${ref})`, [
          `Hi ${body.name},`,
          '',
          `Thank you for writing to Verdant. Your reference is ${ref}; we usually reply within one working day.`,
          '',
          `Topic: ${topic}`,
          ...(body.bookingReference ? [`Booking: ${body.bookingReference}`] : []),
          '',
          body.message,
          '',
          'The Verdant team',
        ]),
      );
      await queueMail(
        tx,
        c.var,
        mailOf(TEAM_INBOX, `[${ref}] ${topic}: ${body.name}`, [
          `From: ${body.name} <${body.email}>`,
          `Topic: ${topic}`,
          ...(body.bookingReference ? [`Booking: ${body.bookingReference}`] : []),
          '',
          body.message,
        ]),
      );
      return ref;
    });
    return reply(c, { received: true, reference: ref } satisfies z.infer<typeof ContactResponse>, 201);
  });

  r.post('/corporate-inquiries', rateLimit({ bucket: 'corporate-inquiries', limit: budget(LIMITS.corporate) }), async (c) => {
    const body = await readBody(c, CorporateInquiryBody);
    const ref = await c.var.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(corporateInquiries)
        .values({
          name: body.name,
          email: body.email,
          company: body.company,
          phoneNumber: body.phoneNumber || null,
          groupSize: body.groupSize,
          preferredDates: body.preferredDates,
          destinations: body.destinations,
          budgetPerPerson: body.budgetPerPerson ?? null,
          budgetCurrency: body.budgetPerPerson === undefined ? null : (body.budgetCurrency ?? null),
          message: body.message,
        })
        .returning({ id: corporateInquiries.id });
      const ref = reference('CI', row!.id);
      const details = [
        `Company: ${body.company}`,
        `Group size: ${body.groupSize}`,
        ...(body.preferredDates ? [`Preferred dates: ${body.preferredDates}`] : []),
        ...(body.destinations.length ? [`Destinations: ${body.destinations.join(', ')}`] : []),
        ...(body.budgetPerPerson !== undefined ? [`Budget per person: ${body.budgetPerPerson}${body.budgetCurrency ? ` ${body.budgetCurrency}` : ''}`] : []),
        ...(body.message ? ['', body.message] : []),
      ];
      await queueMail(
        tx,
        c.var,
        mailOf(body.email, `Your corporate experience inquiry (${ref})`, [
          `Hi ${body.name},`,
          '',
          `Thank you for thinking of Verdant for ${body.company}. Your reference is ${ref}; our corporate team will come back to you within two working days with ideas and prices.`,
          '',
          ...details,
          '',
          'The Verdant team',
        ]),
      );
      await queueMail(tx, c.var, mailOf(TEAM_INBOX, `[${ref}] Corporate inquiry: ${body.company} (${body.groupSize} people)`, [`From: ${body.name} <${body.email}>`, ...(body.phoneNumber ? [`Phone: ${body.phoneNumber}`] : []), ...details]));
      return ref;
    });
    return reply(c, { received: true, reference: ref } satisfies z.infer<typeof CorporateInquiryResponse>, 201);
  });

  return r;
}
