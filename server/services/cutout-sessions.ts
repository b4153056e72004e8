import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { Cutout } from '../db/types';
import type { Storage } from '../providers/storage';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { EDITOR_LIMITS } from '../../shared/constants';
import type { CutoutNoteCode, TCutoutResult } from '../../shared/schemas/generations';
import type { EditorStroke, TEditorOpened, TEditorPreview } from '../../shared/schemas/editor';
import { takeSellerLimit } from '../auth/rate-limit';
import { studioPool, type StudioPool } from '../studio/pool';
import type { EditorMask, EditorPhoto } from '../studio/refine';
import type { Box } from '../studio/detect';
import { cutoutView, currentCutout, recordCutout, runCutout } from './studio';
import { readReasons } from '../db/read';

/**
 * The cut-out editor's warm sessions (issue 26 (docs/history.md), docs/decisions.md D41). One per
 * seller and upload, kept in this process's memory for EDITOR_LIMITS.ttlMs after its last use: the
 * photo decoded once at working size, its Lab copy, grabCut's colour models and the masks of recent
 * rounds (bit-packed, keyed by the box and the strokes that made them), so a stroke costs one short
 * grabCut pass on a studio thread and undo/redo cost nothing. The state travels with each task
 * (~0.5 MB, copied in about a millisecond), so any free thread serves a round and a round never
 * waits behind a render on "its" thread. A session another process holds, or one that expired,
 * answers SESSION_EXPIRED and the client opens it again. Memory: at most `perProcess` sessions of
 * ~1 MB, at most `perSeller` per seller; the least recently used goes first.
 */

type Entry = { packed: Uint8Array; png: Buffer; reasons: CutoutNoteCode[] };

type Session = {
  id: string;
  userId: string;
  uploadId: string;
  photo: EditorPhoto;
  /** The upload's current cut-out when the session opened (accepting an untouched mask re-uses it). */
  openedCutoutId: string | null;
  /** The cut-out the session's masks start from (fixed for the session): part of every edit key. */
  baseCutoutId: string | null;
  /** Masks by the chain key of (box, strokes…); the key of (no box, no strokes) is the opening mask. */
  masks: Map<string, Entry>;
  lastUsed: number;
  /** Rounds of one session run one after another (each starts from the one before). */
  queue: Promise<unknown>;
};

type Deps = { db: Db; storage: Storage; pool?: StudioPool };

export class EditorSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly now: () => number = Date.now,
    readonly limits: { ttlMs: number; perProcess: number; perSeller: number; remembered: number } = EDITOR_LIMITS,
  ) {}

  get size(): number {
    this.sweep();
    return this.sessions.size;
  }

  /** Opens (or re-uses) the seller's session on their upload: the photo decoded, the opening mask shown. */
  async open(deps: Deps, userId: string, uploadId: string): Promise<TEditorOpened> {
    const { db, storage } = deps;
    const upload = await db
      .selectFrom('uploads')
      .select(['id', 'storage_key'])
      .where('id', '=', uploadId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!upload) throw new AppError('NOT_FOUND', M.common.notFound);
    await takeSellerLimit(db, 'refines', userId);
    this.sweep();
    let latest = await currentCutout(db, uploadId);
    for (const s of this.sessions.values()) {
      if (s.userId !== userId || s.uploadId !== uploadId) continue;
      // The same upload again: warm, unless its cut-out changed since (then it opens afresh).
      if (s.openedCutoutId === (latest?.id ?? null)) {
        s.lastUsed = this.now();
        const entry = s.masks.get(chainKeys(null, [])[0]!)!;
        return { ...preview(s, openingVerdict(entry, latest), 0), cutout: latest ? cutoutView(latest) : null };
      }
      this.sessions.delete(s.id);
    }
    // No cut-out yet: the automatic one first, recorded as studio.cutout records it.
    if (!latest) {
      await runCutout(deps, userId, { uploadId });
      latest = await currentCutout(db, uploadId);
    }
    const stored = await storage.get(upload.storage_key);
    if (!stored) throw new AppError('NOT_FOUND', M.common.notFound);
    const maskPng = latest?.mask_key ? ((await storage.get(latest.mask_key))?.bytes ?? null) : null;
    const started = performance.now();
    const opened = await (deps.pool ?? studioPool()).run(
      { kind: 'editor-open', bytes: stored.bytes, maskPng },
      { owner: userId, interactive: true },
    );
    this.makeRoom(userId);
    const session: Session = {
      id: randomUUID(),
      userId,
      uploadId,
      photo: opened.photo,
      openedCutoutId: latest?.id ?? null,
      baseCutoutId: latest?.id ?? null,
      masks: new Map(),
      lastUsed: this.now(),
      queue: Promise.resolve(),
    };
    // The opening mask carries the stored cut-out's verdict: the editor opens saying what the panel says.
    const entry = openingVerdict(toEntry(opened.opening), latest);
    session.masks.set(chainKeys(null, [])[0]!, entry);
    this.sessions.set(session.id, session);
    return { ...preview(session, entry, performance.now() - started), cutout: latest ? cutoutView(latest) : null };
  }

  /** One round: the mask for this box and these strokes (from memory when it was seen before). */
  async refine(
    deps: Deps,
    userId: string,
    input: { sessionId: string; box?: Box | null; strokes: EditorStroke[] },
  ): Promise<TEditorPreview> {
    const session = this.take(userId, input.sessionId);
    await takeSellerLimit(deps.db, 'refines', userId);
    return this.serial(session, async () => {
      const started = performance.now();
      const entry = await this.maskFor(deps, session, input.box ?? null, input.strokes);
      return preview(session, entry, performance.now() - started);
    });
  }

  /**
   * The final cut-out, made once from the mask the seller sees. An edited mask the seller accepts
   * stands (issue 37): the gate's findings on it are kept as warnings, its PNG is made and it becomes
   * the upload's current cut-out. An untouched opening mask is the cut-out already made. The same
   * edits accepted again (in this session or a later one on the same cut-out) return the cut-out they
   * made, without another full-size cut-out or a limit slot (issue 33 item 12).
   */
  async accept(
    deps: Deps,
    userId: string,
    input: { sessionId: string; box?: Box | null; strokes: EditorStroke[] },
  ): Promise<TCutoutResult> {
    const session = this.take(userId, input.sessionId);
    const box = input.box ?? null;
    const db = deps.db;
    const edited = !!box || input.strokes.length > 0;
    if (!edited && session.openedCutoutId) {
      const opened = await db
        .selectFrom('cutouts')
        .selectAll()
        .where('id', '=', session.openedCutoutId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (opened) return cutoutView(opened);
    }
    const keys = chainKeys(box, input.strokes);
    const editKey = createHash('sha1')
      .update(`${session.baseCutoutId ?? ''}:${keys[keys.length - 1]!}`)
      .digest('base64');
    const made = () =>
      db
        .selectFrom('cutouts')
        .selectAll()
        .where('upload_id', '=', session.uploadId)
        .where('user_id', '=', userId)
        .where('edit_key', '=', editKey)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    const before = await made();
    if (before) return cutoutView(before);
    await takeSellerLimit(db, 'cutouts', userId);
    return this.serial(session, async () => {
      // A parallel accept of the same edits may have made it while this one waited its turn.
      const meanwhile = await made();
      if (meanwhile) return cutoutView(meanwhile);
      const entry = await this.maskFor(deps, session, box, input.strokes);
      const upload = await db
        .selectFrom('uploads')
        .select('storage_key')
        .where('id', '=', session.uploadId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const stored = upload && (await deps.storage.get(upload.storage_key));
      if (!stored) throw new AppError('NOT_FOUND', M.common.notFound);
      const { photo } = session;
      const result = await (deps.pool ?? studioPool()).run(
        {
          kind: 'editor-accept',
          bytes: stored.bytes,
          photo: { w: photo.w, h: photo.h, lab: photo.lab },
          mask: unpack(entry.packed, photo.w * photo.h),
          box,
          remove: input.strokes.filter((s) => s.kind === 'remove').flatMap((s) => s.points),
          sellerDecides: edited,
        },
        { owner: userId },
      );
      const view = await recordCutout(deps, userId, session.uploadId, result, {
        guided: true,
        sellerAccepted: edited,
        editKey,
        warnings: result.ok ? result.warnings : undefined,
      });
      // Accepting again without a change returns this one (made once).
      session.openedCutoutId = view.id;
      return view;
    });
  }

  /** Forgets the seller's session (the editor closed). */
  close(userId: string, sessionId: string): void {
    const s = this.sessions.get(sessionId);
    if (s && s.userId === userId) this.sessions.delete(sessionId);
  }

  private take(userId: string, sessionId: string): Session {
    this.sweep();
    const s = this.sessions.get(sessionId);
    // Another seller's session is answered exactly like a missing one: its existence is not told.
    if (!s || s.userId !== userId) throw new AppError('SESSION_EXPIRED', M.editor.sessionExpired);
    s.lastUsed = this.now();
    return s;
  }

  private serial<T>(s: Session, fn: () => Promise<T>): Promise<T> {
    const run = s.queue.then(fn, fn);
    s.queue = run.catch(() => {});
    return run;
  }

  /** The mask of (box, strokes): remembered, else one round from the longest remembered start. */
  private async maskFor(deps: Deps, s: Session, box: Box | null, strokes: EditorStroke[]): Promise<Entry> {
    const keys = chainKeys(box, strokes);
    const hit = s.masks.get(keys[keys.length - 1]!);
    if (hit) return this.remember(s, keys[keys.length - 1]!, hit);
    const pool = deps.pool ?? studioPool();
    const { photo } = s;
    const n = photo.w * photo.h;
    const opening = s.masks.get(chainKeys(null, [])[0]!)!;
    // The box alone first (a box round), when this box was not seen yet.
    if (!s.masks.has(keys[0]!)) {
      const made = await pool.run(
        { kind: 'refine', input: { photo, from: unpack(opening.packed, n), box, strokes: [], fresh: 0, boxRound: true } },
        { owner: s.userId, interactive: true },
      );
      this.remember(s, keys[0]!, toEntry(made));
    }
    let fresh = strokes.length;
    while (fresh > 0 && !s.masks.has(keys[fresh]!)) fresh--;
    const from = s.masks.get(keys[fresh]!)!;
    if (fresh === strokes.length) return from;
    const made = await pool.run(
      { kind: 'refine', input: { photo, from: unpack(from.packed, n), box, strokes, fresh, boxRound: false } },
      { owner: s.userId, interactive: true },
    );
    return this.remember(s, keys[keys.length - 1]!, toEntry(made));
  }

  /** Keeps a round's mask, the oldest going past `remembered` (the opening mask always stays). */
  private remember(s: Session, key: string, entry: Entry): Entry {
    s.masks.delete(key);
    s.masks.set(key, entry);
    const keepKey = chainKeys(null, [])[0]!;
    for (const k of s.masks.keys()) {
      if (s.masks.size <= this.limits.remembered) break;
      if (k !== keepKey) s.masks.delete(k);
    }
    return entry;
  }

  private sweep(): void {
    const cutoff = this.now() - this.limits.ttlMs;
    for (const [id, s] of this.sessions) if (s.lastUsed < cutoff) this.sessions.delete(id);
  }

  /** Room for one more session of this seller: their least recently used goes, then the process's. */
  private makeRoom(userId: string): void {
    const lru = (list: Session[]) => list.reduce((a, b) => (b.lastUsed < a.lastUsed ? b : a));
    const mine = [...this.sessions.values()].filter((s) => s.userId === userId);
    if (mine.length >= this.limits.perSeller) this.sessions.delete(lru(mine).id);
    if (this.sessions.size >= this.limits.perProcess) this.sessions.delete(lru([...this.sessions.values()]).id);
  }
}

/** Chain keys: [box], [box, stroke 1], …: each hashes the one before and its own stroke. */
function chainKeys(box: Box | null, strokes: EditorStroke[]): string[] {
  const keys = [createHash('sha1').update(JSON.stringify(box)).digest('base64')];
  for (const st of strokes)
    keys.push(
      createHash('sha1')
        .update(keys[keys.length - 1]!)
        .update(JSON.stringify(st))
        .digest('base64'),
    );
  return keys;
}

/**
 * The opening mask answers with the stored cut-out's own verdict and reasons (what the panel shows),
 * not a second opinion of the working-size preview: the editor never calls a refused mask good.
 */
function openingVerdict(entry: Entry, cut: Cutout | undefined): Entry {
  if (!cut) return entry;
  const stored = readReasons(cut.reasons);
  const reasons = cut.storage_key ? [] : stored.length ? stored : cut.note_code ? [cut.note_code] : [];
  return { ...entry, reasons };
}

function toEntry(m: EditorMask): Entry {
  return { packed: pack(m.mask), png: Buffer.from(m.png), reasons: m.reasons };
}

function preview(s: Session, e: Entry, ms: number): TEditorPreview {
  return {
    sessionId: s.id,
    width: s.photo.W,
    height: s.photo.H,
    maskDataUrl: `data:image/png;base64,${e.png.toString('base64')}`,
    reasons: e.reasons,
    note: e.reasons.length ? [...e.reasons.map((r) => M.studio.notes[r]), M.studio.nextStep].join(' ') : null,
    ms: Math.round(ms),
  };
}

function pack(mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(mask.length / 8));
  for (let i = 0; i < mask.length; i++) if (mask[i]) out[i >> 3]! |= 1 << (i & 7);
  return out;
}

function unpack(packed: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (packed[i >> 3]! >> (i & 7)) & 1;
  return out;
}

/** This process's sessions. */
export const editorSessions = new EditorSessions();
