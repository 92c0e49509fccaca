// An operator's team (issue 15, item 6): its members and pending invitations. Owners and Verdant
// admins invite colleagues by e-mail (a sign-up link that makes them staff, or, for an address
// that already has an account, membership at once) and remove them; staff see who is in the team.
// The last owner cannot be removed, so an operator is never left without one.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVITATION_DAYS, type PartnerTeamResponse } from '../../../contract/partner.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { partnerMemberships, supplierInvitations, users } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { mailOf, queueMail, type MailDeps } from '../../providers/mail.ts';
import { newToken } from '../secrets.ts';
import { byEmail } from '../users.ts';
import type { OpenOperator } from './bookings.ts';
import { renewCalendarTokenIn } from './calendar-feed.ts';

export const OWNERS_ONLY = 'Only the operator’s owners manage its team';

type TeamDeps = MailDeps & { db: Db; config: MailDeps['config'] & { siteUrl: string } };

/** Owners and Verdant admins manage the team (the caller's role comes with the opened operator). */
const canManage = (operator: OpenOperator) => operator.role === 'owner' || operator.role === 'admin';

function assertManager(operator: OpenOperator) {
  if (!canManage(operator)) throw new HttpError(403, OWNERS_ONLY);
}

export async function teamOf(db: Db, user: CurrentUser, operator: OpenOperator, now = new Date()): Promise<PartnerTeamResponse> {
  const [members, invitations] = await Promise.all([
    db
      .select({ userId: users.id, name: users.name, email: users.email, role: partnerMemberships.role, since: partnerMemberships.createdAt })
      .from(partnerMemberships)
      .innerJoin(users, eq(users.id, partnerMemberships.userId))
      .where(eq(partnerMemberships.operatorId, operator.id))
      .orderBy(asc(partnerMemberships.createdAt), asc(users.email)),
    db
      .select()
      .from(supplierInvitations)
      .where(and(eq(supplierInvitations.operatorId, operator.id), isNull(supplierInvitations.acceptedAt), gt(supplierInvitations.expiresAt, now)))
      .orderBy(asc(supplierInvitations.createdAt)),
  ]);
  return {
    members: members.map((m) => ({ ...m, since: m.since.toISOString(), isYou: m.userId === user.id })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
    canManage: canManage(operator),
  };
}

/**
 * Invites `email` to the operator's team as staff. An address with a Verdant account becomes a
 * member at once; any other gets a sign-up link (a pending invitation is renewed and re-sent).
 */
export async function inviteToTeam(d: TeamDeps, user: CurrentUser, operator: OpenOperator, email: string, now = new Date()): Promise<PartnerTeamResponse> {
  assertManager(operator);
  const inviter = user.name || user.email;
  await d.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(byEmail(email)).limit(1);
    if (existing) {
      const added = await tx.insert(partnerMemberships).values({ userId: existing.id, operatorId: operator.id, role: 'staff' }).onConflictDoNothing().returning();
      if (added.length === 0) throw new HttpError(409, `${existing.email} is already in ${operator.name}’s team`);
      await queueMail(tx, d,
        mailOf(existing.email, `You’re now in ${operator.name}’s team on Verdant`, [
          `Hi ${existing.name},`,
          '',
          `${inviter} added you to ${operator.name}’s team on Verdant. You can now see and answer its bookings, availability and payouts in the partner back-office:`,
          `${d.config.siteUrl}/partner?operator=${operator.slug}`,
          '',
          'The Verdant team',
        ]),
      );
      return;
    }
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    const [pending] = await tx
      .select({ id: supplierInvitations.id })
      .from(supplierInvitations)
      .where(and(eq(supplierInvitations.operatorId, operator.id), sql`lower(${supplierInvitations.email}) = lower(${email})`, isNull(supplierInvitations.acceptedAt)))
      .limit(1);
    const id = pending?.id ?? newToken(18);
    if (pending) await tx.update(supplierInvitations).set({ expiresAt, invitedBy: user.id }).where(eq(supplierInvitations.id, id));
    else await tx.insert(supplierInvitations).values({ id, email, operatorId: operator.id, role: 'staff', invitedBy: user.id, expiresAt });
    const link = `${d.config.siteUrl}/users/signup?code=${encodeURIComponent(id)}&redirect_path=${encodeURIComponent('/partner')}`;
    await queueMail(tx, d,
      mailOf(email, `${inviter} invited you to ${operator.name} on Verdant`, [
        'Hello,',
        '',
        `${inviter} invited you to join ${operator.name}’s team on Verdant, to answer bookings and requests, manage availability and see payouts.`,
        `Create your account with this address to join (the link works for ${INVITATION_DAYS} days):`,
        link,
        '',
        'The Verdant team',
      ]),
    );
  });
  return teamOf(d.db, user, operator, now);
}

export async function withdrawInvitation(db: Db, user: CurrentUser, operator: OpenOperator, id: string): Promise<PartnerTeamResponse> {
  assertManager(operator);
  const gone = await db
    .delete(supplierInvitations)
    .where(and(eq(supplierInvitations.id, id), eq(supplierInvitations.operatorId, operator.id), isNull(supplierInvitations.acceptedAt)))
    .returning({ id: supplierInvitations.id });
  if (gone.length === 0) throw new HttpError(404, 'Invitation not found');
  return teamOf(db, user, operator);
}

/** Removes a member; the last owner stays (checked under a lock on the operator's owners, so two removals at once cannot both pass). */
export async function removeMember(db: Db, user: CurrentUser, operator: OpenOperator, userId: string): Promise<PartnerTeamResponse> {
  assertManager(operator);
  await db.transaction(async (tx) => {
    const owners = await tx.select({ userId: partnerMemberships.userId }).from(partnerMemberships).where(and(eq(partnerMemberships.operatorId, operator.id), eq(partnerMemberships.role, 'owner'))).for('update');
    const [member] = await tx.select().from(partnerMemberships).where(and(eq(partnerMemberships.operatorId, operator.id), eq(partnerMemberships.userId, userId)));
    if (!member) throw new HttpError(404, 'Member not found');
    if (member.role === 'owner' && owners.length <= 1) throw new HttpError(409, `${operator.name} needs at least one owner, so its last owner can’t be removed`);
    await tx.delete(partnerMemberships).where(and(eq(partnerMemberships.operatorId, operator.id), eq(partnerMemberships.userId, userId)));
    // The calendar's secret address may be in the departed member's calendar: a new one replaces it.
    await renewCalendarTokenIn(tx, operator.id);
  });
  return teamOf(db, user, operator);
}
