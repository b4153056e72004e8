import type { Request, Response } from 'express';
import { readCacheGeneration } from '../services/read-cache';
import { activeLanguage } from '../../shared/messages/language';

/** Public queries whose answer is the same for every visitor and built only from the read caches. */
const CACHEABLE = new Set(['content.landing', 'content.site', 'content.plans']);
const MAX_ENTRIES = 50;

/** A visitor's read that may be answered from the cache: the kept answer, if any, and how to keep a new one. */
export type CachedRead = { hit: string | undefined; keep: (status: number, body: string, res: Response) => void };

/**
 * The finished JSON answers of the public reads, for visitors without a cookie (nothing about them
 * can differ): served without running tRPC, dropped whenever settings or landing content change
 * (the read-cache generation). Only 200 answers are kept, so maintenance mode's 503 never is.
 * Used by the lean tRPC reads (trpc-queries.ts), which answer every such GET.
 */
export function publicReadCache(): (req: Request, paths: string[]) => CachedRead | undefined {
  const answers = new Map<string, { generation: number; body: string }>();
  return (req, paths) => {
    if (req.headers.cookie || !paths.every((p) => CACHEABLE.has(p))) return undefined;
    // Plan names and descriptions are texts: one answer per language.
    const key = `${activeLanguage()} ${req.originalUrl}`;
    const generation = readCacheGeneration();
    const kept = answers.get(key);
    return {
      hit: kept?.generation === generation ? kept.body : undefined,
      // Only an answer built on the current generation, that sets no cookie.
      keep: (status, body, res) => {
        if (status !== 200 || res.getHeader('set-cookie') || readCacheGeneration() !== generation) return;
        if (answers.size >= MAX_ENTRIES) answers.clear();
        answers.set(key, { generation, body });
      },
    };
  };
}
