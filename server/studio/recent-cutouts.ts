import { webcrypto } from 'node:crypto';
import type { CutoutHints, CutoutResult } from './cutout.js';

/** How many cut-outs a process keeps, how many bytes of PNG they may hold together, and for how long. */
export const RECENT_CUTOUTS = { entries: 16, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 } as const;
const { entries: ENTRIES, maxBytes: MAX_BYTES, ttlMs: TTL_MS } = RECENT_CUTOUTS;

type Entry = { result: CutoutResult; bytes: number; at: number };

/**
 * The last cut-outs a seller's photos got in this process, by the photo's bytes and the hints: the
 * same photo uploaded again (an integrator posting one photo for several scenes, a seller uploading
 * it again) is not cut again. A cut-out is a function of the photo and the hints (grabCut's seeds are
 * fixed), so the answer is the one a new cut would give. Per seller: another seller's upload of the
 * same photo is cut anew, so how fast an answer comes says nothing about what other sellers sent.
 * Memory only, and bounded (ENTRIES, MAX_BYTES, TTL_MS): an erased account's photo leaves it within
 * TTL_MS at the latest.
 */
export class RecentCutouts {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The photo's SHA-256 is computed by WebCrypto, off the event loop (a 10 MB photo takes ~20 ms to hash);
   * the seller and the hints are kept in the key as they are.
   */
  async key(owner: string, photo: Uint8Array, hints: CutoutHints): Promise<string> {
    const digest = Buffer.from(await webcrypto.subtle.digest('SHA-256', photo)).toString('hex');
    return `${owner}\0${digest}\0${JSON.stringify([hints.subject ?? null, hints.keep ?? [], hints.remove ?? []])}`;
  }

  get(key: string): CutoutResult | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > TTL_MS) {
      this.drop(key, entry);
      return undefined;
    }
    // Used again: it moves to the end of the map, the newest.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.result;
  }

  set(key: string, result: CutoutResult): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    const bytes = (result.ok ? result.png.length : 0) + (result.maskPng?.length ?? 0);
    if (bytes > MAX_BYTES / 4) return;
    this.entries.set(key, { result, bytes, at: this.now() });
    this.total += bytes;
    // The oldest go first (a Map iterates in insertion order).
    for (const [k, e] of this.entries) {
      if (this.entries.size <= ENTRIES && this.total <= MAX_BYTES) break;
      this.drop(k, e);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.total -= entry.bytes;
  }
}
