import type { Request, Response } from 'express';
import { readCacheGeneration } from '../services/read-cache';
import { activeLanguage } from '../../shared/messages/language';
import type { Packed } from './send-json';

/** Public queries whose answer is the same for every visitor and built only from the read caches. */
const CACHEABLE = new Set(['content.landing', 'content.site', 'content.plans']);
const MAX_ENTRIES = 50;

type Kept = { body: string; packed: Packed };

/**
 * A visitor's read that may be answered from the cache: the kept answer, if any, and how to keep a new
 * one (whose compressed forms are then kept as they are made).
 */
export type CachedRead = { hit: Kept | undefined; keep: (status: number, body: string, res: Response) => Packed | undefined };

/**
 * The finished JSON answers of the public reads, for visitors without a cookie (nothing about them
 * can differ): served without running tRPC, dropped whenever settings or landing content change
 * (the read-cache generation). Only 200 answers are kept, so maintenance mode's 503 never is.
 * Used by the lean tRPC reads (trpc-queries.ts), which answer every such GET.
 */
export function publicReadCache(): (req: Request, paths: string[]) => CachedRead | undefined {
  const answers = new Map<string, Kept & { generation: number }>();
  return (req, paths) => {
    if (req.headers.cookie || !paths.every((p) => CACHEABLE.has(p))) return undefined;
    // Plan names and descriptions are texts: one answer per language.
    const key = `${activeLanguage()} ${req.originalUrl}`;
    const generation = readCacheGeneration();
    const kept = answers.get(key);
    return {
      hit: kept?.generation === generation ? kept : undefined,
      // Only an answer built on the current generation, that sets no cookie.
      keep: (status, body, res) => {
        if (status !== 200 || res.getHeader('set-cookie') || readCacheGeneration() !== generation) return undefined;
        if (answers.size >= MAX_ENTRIES) answers.clear();
        const entry = { generation, body, packed: {} };
        answers.set(key, entry);
        return entry.packed;
      },
    };
  };
}
