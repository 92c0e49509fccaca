// Accounts: log-in, sign-up, sessions, the current user, WhatsApp codes, password reset, supplier
// invitations (spec §3, §5, §7). Texts are the spec's (src/lib/auth-validation.ts). Main-host
// calls (POST /users/login, POST /users, DELETE /users/logout, POST|PATCH /users/password,
// POST /users/auth/{provider}/callback) need X-CSRF-Token; the rest live under /api/v1.
import { z } from 'zod';
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN, isEmail } from '../lib/auth-validation.ts';
import { CurrencyCode, IsoDateTime, MoneySchema } from './common.ts';

export const LOGIN_METHODS = ['google', 'facebook', 'whatsapp', 'email'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

const emailWith = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isEmail, invalid);

export const LoginEmail = emailWith(MESSAGES.loginEmailRequired, MESSAGES.loginEmailInvalid);
export const SignupEmail = emailWith(MESSAGES.signupEmailRequired, MESSAGES.signupEmailInvalid);
const Password = z.string({ error: MESSAGES.signupPasswordRequired }).min(1, MESSAGES.signupPasswordRequired).min(PASSWORD_MIN, MESSAGES.passwordHint).max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`);
const Name = z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(120, 'At most 120 characters');
/** Extra sign-in context the spec sends with every log-in: the guest cart and the sign-up source. */
const Context = {
  cartId: z.string().max(64).nullish(),
  osc: z.string().trim().max(64).nullish(),
  /** Supplier invitation code (spec §3 Sign-up request `code`). */
  code: z.string().trim().max(128).nullish(),
};

// ── The user (spec §3 User) ─────────────────────────────────────────────────
export const BucketListOptionSchema = z.object({
  id: z.string(),
  bucketListId: z.string(),
  optionId: z.number().int(),
  option: z.object({
    slugCode: z.string(),
    name: z.string(),
    cityName: z.string(),
    imageUrl: z.string().nullable(),
  }),
  createdAt: IsoDateTime,
});
export type BucketListOption = z.infer<typeof BucketListOptionSchema>;

export const BucketListSchema = z.object({
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  /** True when the one asking owns it (the shared page shows it read-only otherwise). */
  isOwner: z.boolean(),
  ownerName: z.string(),
  bucketListOptions: z.array(BucketListOptionSchema),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type BucketList = z.infer<typeof BucketListSchema>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  avatar: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  lastLoginMethod: z.enum(LOGIN_METHODS).nullable(),
  cartId: z.string().nullable(),
  bucketLists: z.array(BucketListSchema),
  isEmailOwnedByDiscardedUser: z.boolean(),
  shouldCreatePassword: z.boolean(),
  isAdmin: z.boolean(),
  isPartner: z.boolean(),
  ambassadorProfile: z.object({ status: z.enum(['applied', 'approved', 'rejected', 'suspended']) }).nullable(),
  /** ISO 3166-1 alpha-2, or null. */
  country: z.string().nullable(),
  receiveNewsletters: z.boolean(),
  referralCode: z.string().nullable(),
  hasPassword: z.boolean(),
  createdAt: IsoDateTime,
});
export type User = z.infer<typeof UserSchema>;

/** Log-in and sign-up answer: the payment token (kept in localStorage) and the user. */
export const AuthResponse = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponse>;

// POST /users/token (CSRF + session cookie): a new payment token for the live session.
export const UserTokenResponse = z.object({ token: z.string() });
export type UserTokenResponse = z.infer<typeof UserTokenResponse>;

// GET /last_login_methods/{email}: what the email step needs, nothing more.
export const LastLoginMethodParams = z.object({ email: z.string().trim().min(1).max(320, 'At most 320 characters') });
export const LastLoginMethodResponse = z.object({
  lastLoginMethod: z.enum(LOGIN_METHODS).nullable(),
  isEmailOwnedByDiscardedUser: z.boolean(),
  shouldCreatePassword: z.boolean(),
  /** First name only, for the 'Welcome back' card. */
  firstName: z.string().nullable(),
  supportEmail: z.string(),
});
export type LastLoginMethodResponse = z.infer<typeof LastLoginMethodResponse>;

// POST /users/login (main host)
export const LoginBody = z.object({
  user: z.object({ email: LoginEmail, password: z.string({ error: MESSAGES.loginPasswordRequired }).min(1, MESSAGES.loginPasswordRequired).max(PASSWORD_MAX) }),
  ...Context,
});
export type LoginBody = z.input<typeof LoginBody>;

// POST /users (main host): spec §3 Sign-up request.
export const SignupBody = z
  .object({
    user: z.object({
      name: Name,
      email: SignupEmail,
      /** Absent for a WhatsApp sign-up (the number was verified instead). */
      password: Password.optional(),
      passwordConfirmation: z.string().optional(),
      receiveNewletters: z.boolean().default(true),
      phoneNumber: z.string().trim().max(20).optional(),
    }),
    captcha: z.string({ error: MESSAGES.captchaRequired }).min(1, MESSAGES.captchaRequired).max(4096),
    /** The inviter's code from /invite?ref=… */
    ref: z.string().trim().max(32).nullish(),
    ...Context,
  })
  .superRefine((v, ctx) => {
    if (v.user.password !== undefined && v.user.passwordConfirmation !== v.user.password) {
      ctx.addIssue({ code: 'custom', path: ['user', 'passwordConfirmation'], message: MESSAGES.passwordConfirmation });
    }
    if (v.user.password === undefined && !v.user.phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['user', 'password'], message: MESSAGES.signupPasswordRequired });
    }
  });
export type SignupBody = z.input<typeof SignupBody>;

// POST /users/password: reset (or first-password) instructions. Always answers sent: true.
export const PasswordInstructionsBody = z.object({ user: z.object({ email: LoginEmail }) });
export const PasswordInstructionsResponse = z.object({ sent: z.literal(true) });

// PATCH /users/password: with a reset token, or signed in with the current password.
export const PasswordUpdateBody = z
  .object({
    user: z.object({
      resetPasswordToken: z.string().min(1).max(200).optional(),
      currentPassword: z.string().max(PASSWORD_MAX).optional(),
      password: Password,
      passwordConfirmation: z.string({ error: MESSAGES.passwordConfirmation }),
    }),
  })
  .superRefine((v, ctx) => {
    if (v.user.passwordConfirmation !== v.user.password) {
      ctx.addIssue({ code: 'custom', path: ['user', 'passwordConfirmation'], message: MESSAGES.passwordConfirmation });
    }
  });
export type PasswordUpdateBody = z.input<typeof PasswordUpdateBody>;

// POST /users/auth/{provider}/callback (main host): the code the popup received.
export const OAuthCallbackBody = z.object({
  ...Context,
  /** Here `code` is the provider's authorization code. */
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
});
export type OAuthCallbackBody = z.input<typeof OAuthCallbackBody>;
// GET /oauth/{provider}/authorize → the provider's address for the popup (state + PKCE kept server-side).
export const OAuthAuthorizeResponse = z.object({ url: z.string() });

// WhatsApp (spec §7): POST /whatsapp_authentications/send_code and /login
export const SendCodeBody = z.object({
  phoneNumber: z.string({ error: MESSAGES.phoneInvalid }).trim().min(1, MESSAGES.phoneInvalid).max(20, MESSAGES.phoneInvalid),
  /** add_phone: a signed-in user adding a number (account phone page). */
  purpose: z.enum(['login', 'add_phone']).default('login'),
});
export type SendCodeBody = z.input<typeof SendCodeBody>;
export const SendCodeResponse = z.object({ expiredAt: IsoDateTime });
export type SendCodeResponse = z.infer<typeof SendCodeResponse>;

export const WhatsappLoginBody = z.object({
  whatsappCode: z.string({ error: MESSAGES.codeRequired }).trim().min(1, MESSAGES.codeRequired).max(12),
  phoneNumber: z.string({ error: MESSAGES.phoneInvalid }).trim().min(1, MESSAGES.phoneInvalid).max(20),
  ...Context,
});
export type WhatsappLoginBody = z.input<typeof WhatsappLoginBody>;
/** A known number: token and user. A new one: `{}` (the sign-up step follows). */
export const WhatsappLoginResponse = z.union([AuthResponse, z.object({}).strict()]);

// GET /supplier_invitations/{code}
export const SupplierInvitationResponse = z.object({
  id: z.string(),
  email: z.string(),
  /** The operator the invitee joins, and as what: its owner (Verdant's invitations) or staff (a colleague's). */
  operator: z.string(),
  role: z.enum(['owner', 'staff']),
});
export type SupplierInvitationResponse = z.infer<typeof SupplierInvitationResponse>;

// Captcha: GET /captcha (which widget) and GET /captcha/challenge (the built-in test challenge)
export const CaptchaConfigResponse = z.object({ provider: z.enum(['test', 'turnstile', 'hcaptcha']), siteKey: z.string().nullable() });
export type CaptchaConfig = z.infer<typeof CaptchaConfigResponse>;
export const CaptchaChallengeResponse = z.object({ token: z.string() });

// GET /me?view=full and PATCH /me
export const MeQuery = z.object({ view: z.enum(['full', 'basic']).default('full') });
export const MePatchBody = z
  .object({
    name: Name.optional(),
    email: SignupEmail.optional(),
    receiveNewsletters: z.boolean().optional(),
    country: z.string().regex(/^[A-Za-z]{2}$/, 'Choose a country').nullish(),
    /** Data URL of a JPEG, PNG or WebP image (at most 1.5 MB); null removes the photo. */
    avatar: z.string().max(2_000_000, 'The photo is too large (at most 1.5 MB)').nullish(),
    /** Changing the email needs it. */
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
    /** Adding or changing the phone: the number and the WhatsApp code sent to it. */
    phoneNumber: z.string().trim().max(20).optional(),
    whatsappCode: z.string().trim().max(12).optional(),
  })
  .strict();
export type MePatchBody = z.input<typeof MePatchBody>;

// ── Credits, referral, gift codes ──────────────────────────────────────────
export const CreditEntrySchema = z.object({
  id: z.number().int(),
  amount: MoneySchema,
  balanceAfter: MoneySchema,
  kind: z.enum(['welcome', 'referral_reward', 'gift_code', 'spend', 'refund', 'adjustment']),
  description: z.string(),
  createdAt: IsoDateTime,
});
export const CreditsResponse = z.object({
  balances: z.array(MoneySchema),
  entries: z.array(CreditEntrySchema),
  pagination: z.object({ currentPage: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() }).passthrough(),
});
export type CreditsResponse = z.infer<typeof CreditsResponse>;

export const ReferralResponse = z.object({
  referralCode: z.string(),
  inviteUrl: z.string(),
  /** What a friend gets (by the visitor's geolocated country) and what you get per completed first trip. */
  welcomeDiscount: MoneySchema,
  reward: MoneySchema,
  referrals: z.array(z.object({ friendName: z.string(), status: z.enum(['pending', 'rewarded']), reward: MoneySchema, createdAt: IsoDateTime })),
});
export type ReferralResponse = z.infer<typeof ReferralResponse>;

export const GiftCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  amount: MoneySchema,
  status: z.enum(['active', 'redeemed', 'used']),
  senderName: z.string(),
  message: z.string(),
  expiresAt: IsoDateTime,
  claimedAt: IsoDateTime.nullable(),
  redeemedAt: IsoDateTime.nullable(),
  /**
   * When the code's currency differs from the holder's credit currency (the currency of their
   * largest credit balance): the amount converted via SGD at today's rates, and the rate used
   * (1 unit of the code's currency in the credit currency). Null otherwise.
   */
  converted: z.object({ amount: MoneySchema, rate: z.number() }).nullable(),
});
export type GiftCode = z.infer<typeof GiftCodeSchema>;
export const GiftCodesResponse = z.object({ giftCodes: z.array(GiftCodeSchema) });
export const AddGiftCodeBody = z.object({ code: z.string({ error: 'Please enter your gift code' }).trim().min(1, 'Please enter your gift code').max(40, 'This gift code is not valid') });
export const RedeemGiftCodeResponse = z.object({ giftCode: GiftCodeSchema, balance: MoneySchema });

// ── Bucket lists (spec §7) ─────────────────────────────────────────────────
export const BucketListName = z.string({ error: 'Please name your list' }).trim().min(1, 'Please name your list').max(80, 'At most 80 characters');
export const CreateBucketListBody = z.object({ name: BucketListName, optionSlugCode: z.string().max(200).optional() });
export const UpdateBucketListBody = z.object({ name: BucketListName.optional(), shared: z.boolean().optional() }).strict();
export const BucketListsResponse = z.object({ bucketLists: z.array(BucketListSchema) });
export const CreateBucketListOptionBody = z.object({ bucketListId: z.string().min(1).max(64), optionSlugCode: z.string().min(1).max(200) });
/** Move a saved experience to another of your lists. */
export const UpdateBucketListOptionBody = z.object({ bucketListId: z.string().min(1).max(64) });

export { CurrencyCode };
