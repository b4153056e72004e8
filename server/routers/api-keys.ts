import { z } from '../../shared/zod';
import { router, protectedProcedure } from '../trpc/init';
import {
  ZApiKeyCreate,
  ZApiKeyCreated,
  ZApiKeyId,
  ZApiKeyListItem,
  ZApiAddress,
  ZWebhookOverview,
  ZWebhookRotated,
  ZWebhookSecret,
  ZWebhookSet,
} from '../../shared/schemas/api';
import { ZOk } from '../../shared/schemas/common';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys';
import { removeWebhook, rotateWebhookSecret, setWebhook, webhookOverview } from '../services/api-webhooks';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { publicBaseUrl } from '../email/links';

/** The procedures below that answer only that they were done. */
const protectedOk = protectedProcedure.output(ZOk);

/** The seller's API page: keys (shown once, stored hashed), the webhook and its deliveries. */
export const apiKeysRouter = router({
  create: protectedProcedure
    .input(ZApiKeyCreate)
    .output(ZApiKeyCreated)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.userId, input.name, input.mode)),

  list: protectedProcedure.output(z.array(ZApiKeyListItem)).query(({ ctx }) => listApiKeys(ctx.db, ctx.userId)),

  revoke: protectedOk.input(ZApiKeyId).mutation(async ({ ctx, input }) => {
    await revokeApiKey(ctx.db, ctx.userId, input.id);
    return { ok: true as const };
  }),

  /** Returns the signing secret once; the URL is checked against the SSRF rules. */
  setWebhook: protectedProcedure
    .input(ZWebhookSet)
    .output(ZWebhookSecret)
    .mutation(({ ctx, input }) => setWebhook(ctx, ctx.userId, input.url)),

  /** A new signing secret, returned once; the previous one keeps signing deliveries for 24 hours. */
  rotateWebhookSecret: protectedProcedure.output(ZWebhookRotated).mutation(async ({ ctx }) => {
    const rotated = await rotateWebhookSecret(ctx.db, ctx.userId);
    if (!rotated) throw new AppError('NOT_FOUND', M.api.webhookNone);
    return rotated;
  }),

  removeWebhook: protectedOk.mutation(async ({ ctx }) => {
    await removeWebhook(ctx.db, ctx.userId);
    return { ok: true as const };
  }),

  /** The server's public address (PUBLIC_URL) for the page's examples; null when none is set (the page uses its own). */
  address: protectedProcedure.output(ZApiAddress).query(({ ctx }) => ({ baseUrl: ctx.env.PUBLIC_URL ? publicBaseUrl(ctx.env) : null })),

  /** The webhook URL and the latest deliveries with every attempt. */
  webhook: protectedProcedure.output(ZWebhookOverview).query(({ ctx }) => webhookOverview(ctx.db, ctx.userId)),
});
