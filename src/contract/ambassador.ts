// The ambassador (affiliate) programme (spec §2 /ambassador/*, §3 enumerations, §7 calls):
// applying, affiliate links, performance per report period, popular products, payouts and
// bank details, the uncapped-earning banner, and the admin review of applications.
import { z } from 'zod';
import { REPORT_PERIODS } from '../lib/affiliate-commission.ts';
import { BANK_COUNTRIES } from '../lib/bank-account.ts';
import { IsoDateTime, MoneySchema } from './common.ts';

export const AMBASSADOR_CHANNELS = ['instagram', 'tiktok', 'blog', 'other'] as const;
export type AmbassadorChannel = (typeof AMBASSADOR_CHANNELS)[number];
export const AMBASSADOR_STATUSES = ['applied', 'approved', 'rejected', 'suspended'] as const;
export const CHANNEL_LABELS: Record<AmbassadorChannel, string> = { instagram: 'Instagram', tiktok: 'TikTok', blog: 'Blog', other: 'Other' };
export const ReportPeriod = z.enum(REPORT_PERIODS);
export const PERIOD_LABELS: Record<(typeof REPORT_PERIODS)[number], string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  last_month: 'Last month',
  current_month: 'This month',
  all_time: 'All time',
};

const AudienceLink = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Please give a full web address, like https://instagram.com/yourname');

const ApplicationFields = {
  channels: z.array(z.enum(AMBASSADOR_CHANNELS, { error: 'Choose from Instagram, TikTok, Blog or Other' })).min(1, 'Choose at least one channel you share on').max(4),
  audienceLinks: z.array(AudienceLink).min(1, 'Add a link to where your audience follows you').max(5, 'At most 5 links'),
  pitch: z.string().trim().min(20, 'Tell us a little more: at least 20 characters').max(1000, 'At most 1000 characters'),
};

export const ApplyBody = z.object({
  ...ApplicationFields,
  acceptTerms: z.literal(true, { error: 'Please accept the ambassador terms' }),
});
export type ApplyBody = z.infer<typeof ApplyBody>;

export const UpdateProfileBody = z
  .object({ channels: ApplicationFields.channels.optional(), audienceLinks: ApplicationFields.audienceLinks.optional(), pitch: ApplicationFields.pitch.optional() })
  .refine((b) => b.channels !== undefined || b.audienceLinks !== undefined || b.pitch !== undefined, 'Nothing to change');
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const AmbassadorProfileSchema = z.object({
  status: z.enum(AMBASSADOR_STATUSES),
  channels: z.array(z.enum(AMBASSADOR_CHANNELS)),
  audienceLinks: z.array(z.string()),
  pitch: z.string(),
  referralCode: z.string(),
  /** Percent of a booking's net value. */
  commissionRate: z.number(),
  /** Per booking, unless uncapped. */
  cappedAmount: MoneySchema,
  uncappedEarning: z.boolean(),
  showUncappedBanner: z.boolean(),
  appliedAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
});
export type AmbassadorProfile = z.infer<typeof AmbassadorProfileSchema>;
export const AmbassadorProfileResponse = z.object({ profile: AmbassadorProfileSchema.nullable() });
export type AmbassadorProfileResponse = z.infer<typeof AmbassadorProfileResponse>;

export const CreateAffiliateLinkBody = z.object({
  target: z.string({ error: 'Paste the address of a Verdant page' }).trim().min(1, 'Paste the address of a Verdant page').max(500, 'At most 500 characters'),
});
export type CreateAffiliateLinkBody = z.infer<typeof CreateAffiliateLinkBody>;

export const AffiliateLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  targetPath: z.string(),
  clicks: z.number().int(),
  bookings: z.number().int(),
  earnings: MoneySchema,
  createdAt: IsoDateTime,
});
export type AffiliateLink = z.infer<typeof AffiliateLinkSchema>;
export const AffiliateLinksResponse = z.object({ links: z.array(AffiliateLinkSchema) });
export type AffiliateLinksResponse = z.infer<typeof AffiliateLinksResponse>;

export const PeriodQuery = z.object({ period: ReportPeriod.default('last_30_days') });

export const PerformanceResponse = z.object({
  period: ReportPeriod,
  from: IsoDateTime,
  to: IsoDateTime,
  clicks: z.number().int(),
  bookings: z.number().int(),
  reversals: z.number().int(),
  /** Bookings per click, 0..1. */
  conversionRate: z.number(),
  earnings: MoneySchema,
  reversed: MoneySchema,
  /** One point per day (per month for all_time). */
  series: z.array(z.object({ label: z.string(), clicks: z.number().int(), bookings: z.number().int(), earnings: z.number() })),
  recent: z.array(z.object({ kind: z.enum(['earned', 'reversed']), amount: MoneySchema, productName: z.string(), createdAt: IsoDateTime, capped: z.boolean() })),
});
export type PerformanceResponse = z.infer<typeof PerformanceResponse>;

export const PopularProductsResponse = z.object({
  period: ReportPeriod,
  products: z.array(z.object({ slugCode: z.string(), name: z.string(), bookings: z.number().int(), earnings: MoneySchema })),
});
export type PopularProductsResponse = z.infer<typeof PopularProductsResponse>;

export const StatementSchema = z.object({
  month: z.string(),
  earned: MoneySchema,
  reversed: MoneySchema,
  net: MoneySchema,
  payable: MoneySchema,
  status: z.enum(['open', 'pending', 'paid', 'carried_forward']),
  paidAt: IsoDateTime.nullable(),
});
export const PayoutsResponse = z.object({
  minimumPayout: MoneySchema,
  unpaidBalance: MoneySchema,
  statements: z.array(StatementSchema),
  hasBankAccount: z.boolean(),
});
export type PayoutsResponse = z.infer<typeof PayoutsResponse>;

export const BankCountry = z.enum(BANK_COUNTRIES as [string, ...string[]], { error: 'Payouts are not available to banks in this country yet' });
export const CreateBankAccountBody = z.object({
  country: BankCountry,
  accountHolder: z.string({ error: 'Please give the name on the account' }).trim().max(120, 'At most 120 characters'),
  bankName: z.string({ error: 'Please give the bank’s name' }).trim().max(120, 'At most 120 characters'),
  accountNumber: z.string({ error: 'Please give the account number' }).trim().max(60, 'At most 60 characters'),
  routingCode: z.string().trim().max(30, 'At most 30 characters').nullish(),
  swiftCode: z.string().trim().max(20, 'At most 20 characters').nullish(),
});
export type CreateBankAccountBody = z.infer<typeof CreateBankAccountBody>;
export const BankAccountSchema = z.object({
  id: z.string(),
  country: z.string(),
  currency: z.string(),
  accountHolder: z.string(),
  bankName: z.string(),
  maskedAccountNumber: z.string(),
  createdAt: IsoDateTime,
});
export type BankAccount = z.infer<typeof BankAccountSchema>;
export const BankAccountsResponse = z.object({ bankAccounts: z.array(BankAccountSchema) });
export type BankAccountsResponse = z.infer<typeof BankAccountsResponse>;

export const ReadBannerResponse = z.object({ readAt: IsoDateTime });

// ── Admin review (the back-office's /admin/ambassadors) ────────────────────
export const AdminApplicationsQuery = z.object({ status: z.enum(AMBASSADOR_STATUSES).default('applied') });
export const AdminApplicationSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(AMBASSADOR_STATUSES),
  channels: z.array(z.enum(AMBASSADOR_CHANNELS)),
  audienceLinks: z.array(z.string()),
  pitch: z.string(),
  appliedAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;
export const AdminApplicationsResponse = z.object({ applications: z.array(AdminApplicationSchema) });
export type AdminApplicationsResponse = z.infer<typeof AdminApplicationsResponse>;
export const ReviewBody = z.object({ decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }), note: z.string().trim().max(500, 'At most 500 characters').nullish() });
export type ReviewBody = z.infer<typeof ReviewBody>;
