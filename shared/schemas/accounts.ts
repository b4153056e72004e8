import { z } from '../zod';
import { M } from '../messages/public';
import { ZEmail, ZNewPassword } from './auth';
import { ZLine, ZText } from './text';

const V = M.validation;

/** A link token as it arrives from the address bar; the server decides whether it is valid. */
export const ZToken = ZLine().min(1).max(100);

/** Contract: `auth.requestPasswordReset({ email })`. */
export const ZRequestPasswordReset = z.object({ email: ZEmail });
export type TRequestPasswordReset = z.input<typeof ZRequestPasswordReset>;

/** Contract: `auth.resetPassword({ token, password, confirmPassword })`, with the sign-up password rules. */
export const ZResetPassword = z
  .object({ token: ZToken, password: ZNewPassword, confirmPassword: z.string().max(200, V.tooLong) })
  .refine((v) => v.password === v.confirmPassword, { message: V.passwordMismatch, path: ['confirmPassword'] });
export type TResetPassword = z.input<typeof ZResetPassword>;

export const ZTokenInput = z.object({ token: ZToken });
export const ZResendVerification = z.object({ email: ZEmail });

export const ZEmailChange = z.object({
  newEmail: ZEmail,
  password: z.string().min(1, V.passwordMin).max(200, V.tooLong),
});
export type TEmailChange = z.input<typeof ZEmailChange>;

export const ZDeletionRequest = z.object({ reason: ZText().max(1000, V.tooLong).optional().nullable() });
export type TDeletionRequest = z.input<typeof ZDeletionRequest>;

// ---------------------------------------------------------------- admin: e-mails and deletion requests

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const ZAdminEmailsList = z.object({
  search: ZLine().max(200).optional().nullable(),
  status: z.enum(EMAIL_STATUSES).optional().nullable(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(5).max(100).default(30),
});
export type TAdminEmailsList = z.input<typeof ZAdminEmailsList>;
export const ZAdminId = z.object({ id: z.uuid() });
export const ZAdminDeletionList = z.object({ status: z.enum(['pending', 'done', 'all']).default('pending') });

/** The seller's newest data export ("Verilerimi indir"). */
export const ZExportView = z.object({
  id: z.string(),
  status: z.enum(['queued', 'processing', 'ready', 'failed', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
});
export type TExportView = z.output<typeof ZExportView>;
export const ZDeletionPending = z.object({ id: z.string(), createdAt: z.string() });
/** The profile page's storage bar. */
export const ZStorageUsage = z.object({ usedBytes: z.number(), quotaBytes: z.number(), retentionDays: z.number() });
export const ZResetTokenValid = z.object({ valid: z.boolean() });
/** A used verification link: a first verification, or a changed address now confirmed. */
export const ZVerifyOutcome = z.object({ kind: z.enum(['verified', 'changed']), email: z.string() });
export type TVerifyOutcome = z.output<typeof ZVerifyOutcome>;
