import { openProcedure, publicProcedure, protectedProcedure } from '../trpc/init';
import {
  ZEmailChange,
  ZRequestPasswordReset,
  ZResendVerification,
  ZResetPassword,
  ZResetTokenValid,
  ZTokenInput,
  ZVerifyOutcome,
} from '../../shared/schemas/accounts';
import { ZDone, ZOk } from '../../shared/schemas/common';
import { withStrongPassword } from '../auth/password-policy';
import * as reset from '../services/password-reset';
import * as verification from '../services/email-verification';
import { unsubscribe } from '../services/notifications';

/**
 * Procedures of the `auth` router that work through e-mailed links (issue 13 (docs/history.md)). Thin: the rules
 * (limits, single use, same answer for unknown addresses) live in the services.
 */
const ZResetPasswordStrong = withStrongPassword(ZResetPassword, 'password');

/** Procedures that answer only that they were done. */
const publicOk = publicProcedure.output(ZOk);
const protectedOk = protectedProcedure.output(ZOk);

export const accountEmailProcedures = {
  /** Always `{ ok: true }` after the same delay, whether or not the address has an account. */
  requestPasswordReset: publicOk.input(ZRequestPasswordReset).mutation(async ({ ctx, input }) => {
    await reset.requestPasswordReset(ctx, { email: input.email, ip: ctx.ip });
    return { ok: true as const };
  }),

  /** Read-only: does this reset link still work? */
  checkResetToken: publicProcedure
    .input(ZTokenInput)
    .output(ZResetTokenValid)
    .query(async ({ ctx, input }) => ({
      valid: await reset.resetTokenValid(ctx.db, input.token),
    })),

  resetPassword: publicOk.input(ZResetPasswordStrong).mutation(async ({ ctx, input }) => {
    await reset.resetPassword(ctx, { token: input.token, password: input.password });
    return { ok: true as const };
  }),

  /** Same answer whether or not an unverified account has this address. */
  resendVerification: publicOk.input(ZResendVerification).mutation(async ({ ctx, input }) => {
    await verification.resendVerification(ctx, { email: input.email, ip: ctx.ip });
    return { ok: true as const };
  }),

  verifyEmail: publicProcedure
    .input(ZTokenInput)
    .output(ZVerifyOutcome)
    .mutation(({ ctx, input }) => verification.verifyEmailToken(ctx.db, input.token)),

  requestEmailChange: protectedOk.input(ZEmailChange).mutation(async ({ ctx, input }) => {
    await verification.requestEmailChange(ctx, ctx.userId, input);
    return { ok: true as const };
  }),

  /** The one-click link in every notification; works signed out, even in maintenance. */
  unsubscribe: openProcedure
    .input(ZTokenInput)
    .output(ZDone)
    .mutation(async ({ ctx, input }) => ({ ok: await unsubscribe(ctx.db, input.token) })),
};
