import { z } from '../zod';
import { M } from '../messages/public';
import { ZLine } from './text';

const V = M.validation;

export const ZEmail = z.string().trim().toLowerCase().max(254, V.tooLong).pipe(z.email(V.email));
/** A password being typed to sign in: accounts made under the earlier 6-character rule still sign in. */
export const ZPassword = z.string().min(6, V.passwordMin).max(200, V.tooLong);
/**
 * A password being chosen (sign-up, change, reset): at least 8 characters. The server also refuses
 * an easily guessed one (server/auth/password-policy.ts).
 */
export const ZNewPassword = z.string().min(8, V.newPasswordMin).max(200, V.tooLong);
export const ZFullName = ZLine().min(2, V.fullNameMin).max(120, V.tooLong);
const ZOptionalText = (max: number) =>
  ZLine()
    .max(max, V.tooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const ZSignIn = z.object({
  email: ZEmail,
  password: ZPassword,
  rememberMe: z.boolean().default(false),
});
export type TSignIn = z.input<typeof ZSignIn>;

export const ZSignUp = z
  .object({
    fullName: ZFullName,
    email: ZEmail,
    password: ZNewPassword,
    confirmPassword: z.string(),
    companyName: ZOptionalText(160),
    phone: ZOptionalText(40),
    acceptTerms: z.literal(true, { error: V.termsRequired }),
    rememberMe: z.boolean().default(false),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: V.passwordMismatch,
    path: ['confirmPassword'],
  });
export type TSignUp = z.input<typeof ZSignUp>;

export const ZProfileUpdate = z.object({
  fullName: ZFullName,
  companyName: ZOptionalText(160),
  phone: ZOptionalText(40),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZAdminLogin = z.object({
  email: ZEmail,
  password: ZPassword,
});
export type TAdminLogin = z.input<typeof ZAdminLogin>;

export const ZChangePassword = z
  .object({
    currentPassword: z.string().min(1, V.passwordMin).max(200, V.tooLong),
    newPassword: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: V.passwordMismatch, path: ['confirmPassword'] });
export type TChangePassword = z.input<typeof ZChangePassword>;

/** The signed-in seller as the app sees them (`auth.me`, sign-in, sign-up, profile). */
export const ZPublicUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the current address was confirmed through an e-mailed link. */
  emailVerified: z.boolean(),
});
export type TPublicUser = z.output<typeof ZPublicUser>;
export const ZMe = z.object({ user: ZPublicUser.nullable() });
export const ZSignedIn = z.object({ user: ZPublicUser });
/** With the verification gate on, a new account has no session (`user: null`) until its link is used. */
export const ZSignedUp = z.object({ user: ZPublicUser.nullable(), verificationRequired: z.boolean() });
