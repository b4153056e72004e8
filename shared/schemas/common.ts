import { z } from '../zod';

/**
 * What a procedure answers when there is nothing to tell but that it was done. Output schemas (every
 * procedure's `.output()`) describe what the server sends: plain types, no input rules or transforms.
 */
export const ZOk = z.object({ ok: z.literal(true) });
/** `ok` says whether it took effect (an unsubscribe link already used, say). */
export const ZDone = z.object({ ok: z.boolean() });

/** One page of a list: its items, how many there are in all, and which page of what size this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
