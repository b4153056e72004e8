import { useCallback, useEffect, useRef, useState } from 'react';
import { EDITOR_LIMITS, CUTOUT_LIMITS } from '../../../../shared/constants';
import type { EditorStroke, TEditorPreview } from '../../../../shared/schemas/editor';
import type { TCutoutResult } from '../../../../shared/schemas/generations';
import { readAppError } from '../../../lib/appError';
import { trpcClient } from '../../../lib/trpc';

export type EditorBox = { x: number; y: number; width: number; height: number };
/** One step of the seller's work: the box and every stroke so far. Undo and redo move between steps. */
export type EditState = { box: EditorBox | null; strokes: EditorStroke[] };

const EMPTY: EditState = { box: null, strokes: [] };
export const DEFAULT_BRUSH = CUTOUT_LIMITS.strokeRadius;

/**
 * The editor's warm session on the server (issue 26 (docs/history.md)): opens it, sends each step
 * (the whole box and stroke list, so undo/redo are just another step the server may remember), keeps
 * only the newest answer, and opens the session again transparently when it expired.
 */
export function useEditorSession(uploadId: string, active: boolean) {
  const [history, setHistory] = useState<EditState[]>([EMPTY]);
  const [at, setAt] = useState(0);
  const [preview, setPreview] = useState<TEditorPreview | null>(null);
  const [opening, setOpening] = useState(active);
  const [updating, setUpdating] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const session = useRef<string | null>(null);
  const wanted = useRef<EditState>(EMPTY);
  const busy = useRef(false);
  const state = history[at] ?? EMPTY;

  const open = useCallback(async () => {
    const opened = await trpcClient.studio.editorOpen.mutate({ uploadId });
    session.current = opened.sessionId;
    return opened;
  }, [uploadId]);

  /** Runs `call` with the session, opening it again once if the server says it expired. */
  const withSession = useCallback(
    async <T>(call: (sessionId: string) => Promise<T>): Promise<T> => {
      if (!session.current) await open();
      try {
        return await call(session.current!);
      } catch (err) {
        if (readAppError(err).appCode !== 'SESSION_EXPIRED') throw err;
        await open();
        return call(session.current!);
      }
    },
    [open],
  );

  // The editor mounts afresh for each opening (a fresh history); the session opens with it.
  useEffect(() => {
    if (!active) return;
    let gone = false;
    open()
      .then((p) => !gone && setPreview(p))
      .catch((err: unknown) => !gone && setError(readAppError(err).message))
      .finally(() => !gone && setOpening(false));
    return () => {
      gone = true;
      const id = session.current;
      session.current = null;
      if (id) void trpcClient.studio.editorClose.mutate({ sessionId: id }).catch(() => {});
    };
  }, [active, open]);

  /** Sends the newest step; a step asked for meanwhile is sent when this one answers (never a queue). */
  const pump = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setUpdating(true);
    try {
      for (;;) {
        const step = wanted.current;
        const p = await withSession((sessionId) => trpcClient.studio.refine.mutate({ sessionId, box: step.box, strokes: step.strokes }));
        if (wanted.current === step) {
          setPreview(p);
          setError(null);
          break;
        }
      }
    } catch (err) {
      setError(readAppError(err).message);
    } finally {
      busy.current = false;
      setUpdating(false);
    }
  }, [withSession]);

  const go = useCallback(
    (list: EditState[], index: number) => {
      setHistory(list);
      setAt(index);
      wanted.current = list[index]!;
      void pump();
    },
    [pump],
  );

  /** A finished stroke or box: a new step after the current one (redo steps beyond it are dropped). */
  const push = useCallback(
    (next: EditState) => {
      if (next.strokes.length > EDITOR_LIMITS.maxStrokes) return;
      const list = [...history.slice(0, at + 1), next];
      go(list, list.length - 1);
    },
    [history, at, go],
  );

  const undo = useCallback(() => at > 0 && go(history, at - 1), [history, at, go]);
  const redo = useCallback(() => at < history.length - 1 && go(history, at + 1), [history, at, go]);
  const clear = useCallback(() => push(EMPTY), [push]);

  const accept = useCallback(async (): Promise<TCutoutResult | null> => {
    setAccepting(true);
    try {
      const step = history[at] ?? EMPTY;
      return await withSession((sessionId) => trpcClient.studio.accept.mutate({ sessionId, box: step.box, strokes: step.strokes }));
    } catch (err) {
      setError(readAppError(err).message);
      return null;
    } finally {
      setAccepting(false);
    }
  }, [history, at, withSession]);

  return {
    state,
    preview,
    opening,
    updating,
    accepting,
    error,
    canUndo: at > 0,
    canRedo: at < history.length - 1,
    push,
    undo,
    redo,
    clear,
    accept,
  };
}
