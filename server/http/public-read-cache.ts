import type { RequestHandler } from 'express';
import { readCacheGeneration } from '../services/read-cache';
import { calledPaths, refuseBrokenPath } from './called-paths';
import { activeLanguage } from '../../shared/messages/language';

/** Public queries whose answer is the same for every visitor and built only from the read caches. */
const CACHEABLE = new Set(['content.landing', 'content.site', 'content.plans']);
const MAX_ENTRIES = 50;

/**
 * The finished HTTP answers of the public reads, for visitors without a cookie (nothing about them
 * can differ): served without running tRPC, dropped whenever settings or landing content change
 * (the read-cache generation). Only 200 answers are kept, so maintenance mode's 503 never is.
 */
export function publicReadCache(): RequestHandler {
  const answers = new Map<string, { generation: number; body: Buffer }>();
  return (req, res, next) => {
    // Only the plain JSON form is kept: `trpc-accept` (streamed JSON lines) changes the answer.
    if (req.method !== 'GET' || req.headers.cookie || req.headers['trpc-accept'] !== undefined) return next();
    const paths = calledPaths(req);
    if (!paths) return refuseBrokenPath(res);
    if (!paths.every((p) => CACHEABLE.has(p))) return next();
    // Plan names and descriptions are texts: one answer per language.
    const key = `${activeLanguage()} ${req.originalUrl}`;
    const generation = readCacheGeneration();
    const hit = answers.get(key);
    if (hit && hit.generation === generation) {
      res.status(200).type('application/json').send(hit.body);
      return;
    }
    // Keep what tRPC sends, if it is a plain 200 built on the current generation.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as Buffer));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
      const plainJson = /^application\/json\b/.test(String(res.getHeader('content-type') ?? ''));
      if (res.statusCode === 200 && plainJson && !res.getHeader('set-cookie') && readCacheGeneration() === generation) {
        if (answers.size >= MAX_ENTRIES) answers.clear();
        answers.set(key, { generation, body: Buffer.concat(chunks) });
      }
      return (end as (...a: unknown[]) => typeof res)(chunk, ...rest);
    }) as typeof res.end;
    next();
  };
}
