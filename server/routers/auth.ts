import { router, openProcedure, publicProcedure, protectedProcedure } from '../trpc/init';
import { ZChangePassword, ZMe, ZProfileUpdate, ZSignedIn, ZSignedUp, ZSignIn, ZSignUp } from '../../shared/schemas/auth';
import { ZOk } from '../../shared/schemas/common';
import { withStrongPassword } from '../auth/password-policy';
import { withTurkishPhone } from '../auth/phone-policy';
import { ZPreferences, ZSavePreferences } from '../../shared/schemas/preferences';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import * as accounts from '../services/accounts';
import { getPreferences, savePreferences } from '../services/preferences';
import { createSession, deleteSession } from '../auth/sessions';
import { clearedCookie, sessionCookie } from '../auth/cookies';
import { announceEndedSessions } from '../events/announce';
import { LIMITS, hitRateLimit, limitedPasswordCheck, signInWithLimits } from '../auth/rate-limit';
import type { Context } from '../trpc/context';
import { assertMaySignIn, sendVerification } from '../services/email-verification';
import { getSettings } from '../services/settings';
import { accountEmailProcedures } from './account-email';
import { accountDataProcedures } from './account-data';

async function startSession(ctx: Context, userId: string, remember: boolean) {
  // A previous session in this browser is ended: one fresh session per sign-in.
  if (ctx.session) {
    await deleteSession(ctx.db, 'customer', ctx.session.id);
    announceEndedSessions(ctx.bus, [ctx.session.id]);
  }
  const { token, session } = await createSession(ctx.db, 'customer', userId, remember);
  ctx.setCookie(sessionCookie('customer', token, session, ctx.secureCookies));
  await accounts.markSignedIn(ctx.db, userId);
}

async function requireUser(ctx: Context, userId: string) {
  const user = await accounts.getPublicUser(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', M.common.unauthorized);
  return user;
}

const ZSignUpStrong = withTurkishPhone(withStrongPassword(ZSignUp, 'password', (v) => [v.email, v.fullName, v.companyName]));
const ZProfileUpdateChecked = withTurkishPhone(ZProfileUpdate);
const ZChangePasswordStrong = withStrongPassword(ZChangePassword, 'newPassword');

export const authRouter = router({
  ...accountEmailProcedures,
  ...accountDataProcedures,

  me: openProcedure.output(ZMe).query(async ({ ctx }) => ({
    user: ctx.session ? await accounts.getPublicUser(ctx.db, ctx.session.ownerId) : null,
  })),

  signUp: publicProcedure
    .input(ZSignUpStrong)
    .output(ZSignedUp)
    .mutation(async ({ ctx, input }) => {
      const { windowMs } = LIMITS.signUpPerIp;
      if (!(await hitRateLimit(ctx.db, `signup:ip:${ctx.ip}`, ctx.env.SIGNUP_LIMIT_PER_IP, windowMs)).allowed) {
        throw new AppError('RATE_LIMITED', M.common.tooManyAttempts);
      }
      const user = await accounts.signUp(ctx.db, input);
      ctx.bus.publish({ type: 'admin.activity', kind: 'signup', summary: user.email, at: new Date(user.created_at).toISOString() });
      // A single-use link bound to the user and this address (24 h), queued, never awaited over SMTP.
      await sendVerification(ctx, user.id);
      // With the verification gate on, the account waits for its link before the first session.
      if ((await getSettings(ctx.db)).requireEmailVerification) return { user: null, verificationRequired: true };
      await startSession(ctx, user.id, input.rememberMe);
      return { user: await requireUser(ctx, user.id), verificationRequired: false };
    }),

  signIn: publicProcedure
    .input(ZSignIn)
    .output(ZSignedIn)
    .mutation(async ({ ctx, input }) => {
      // Each attempt is counted atomically BEFORE argon2 runs, so a flood (even a concurrent
      // one) costs us one small query per request once over the limit.
      const { id: userId } = await signInWithLimits(ctx.db, 'signin', { email: input.email, ip: ctx.ip }, async () => {
        const user = await accounts.checkCredentials(ctx.db, input.email, input.password);
        await assertMaySignIn(ctx.db, user);
        return user;
      });
      await startSession(ctx, userId, input.rememberMe);
      return { user: await requireUser(ctx, userId) };
    }),

  signOut: openProcedure.output(ZOk).mutation(async ({ ctx }) => {
    if (ctx.session) {
      await deleteSession(ctx.db, 'customer', ctx.session.id);
      announceEndedSessions(ctx.bus, [ctx.session.id]);
    }
    ctx.setCookie(clearedCookie('customer', ctx.secureCookies));
    return { ok: true as const };
  }),

  updateProfile: protectedProcedure
    .input(ZProfileUpdateChecked)
    .output(ZSignedIn)
    .mutation(async ({ ctx, input }) => {
      await accounts.updateProfile(ctx.db, ctx.userId, input);
      return { user: await requireUser(ctx, ctx.userId) };
    }),

  changePassword: protectedProcedure
    .input(ZChangePasswordStrong)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await limitedPasswordCheck(
        ctx.db,
        [
          { key: `signin:ip:${ctx.ip}`, ...LIMITS.signInPerIp },
          { key: `password-change:user:${ctx.userId}`, ...LIMITS.passwordChangePerUser, clearOnSuccess: true },
        ],
        () => accounts.changePassword(ctx, ctx.userId, input.currentPassword, input.newPassword),
        (err) => err instanceof AppError && err.appCode === 'VALIDATION',
      );
      // This browser stays signed in on a brand-new session; every other one is gone.
      const { token, session } = await createSession(ctx.db, 'customer', ctx.userId, ctx.session.remember);
      ctx.setCookie(sessionCookie('customer', token, session, ctx.secureCookies));
      return { ok: true as const };
    }),

  preferences: protectedProcedure.output(ZPreferences).query(({ ctx }) => getPreferences(ctx.db, ctx.userId)),

  savePreferences: protectedProcedure
    .input(ZSavePreferences)
    .output(ZPreferences)
    .mutation(({ ctx, input }) => savePreferences(ctx.db, ctx.userId, input)),
});
