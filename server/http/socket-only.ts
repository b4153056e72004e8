import type { RequestHandler } from 'express';
import type { AnyRouter } from '@trpc/server';
import { M } from '../../shared/messages';
import { calledPaths, refuseBrokenPath } from './called-paths';
import { procedureKinds } from './trpc-internals';
import { sendTrpcError } from './rest-error';

/**
 * Subscriptions are served over the WebSocket only (see trpc/init.ts). Over HTTP, tRPC would
 * answer 200 and stream Server-Sent Events before any procedure middleware runs, so the refusal
 * happens here, by path, before tRPC sees the request.
 */
export function refuseHttpSubscriptions(router: AnyRouter): RequestHandler {
  const kindOf = procedureKinds(router);
  return (req, res, next) => {
    const paths = calledPaths(req);
    if (!paths) return refuseBrokenPath(res);
    if (!paths.some((p) => kindOf(p) === 'subscription')) return next();
    sendTrpcError(res, 'VALIDATION', M.common.subscriptionsOverSocket);
  };
}
