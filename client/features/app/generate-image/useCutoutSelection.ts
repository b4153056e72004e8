import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export type CutoutTool = 'box' | 'keep' | 'remove';
export type CutoutPoint = { x: number; y: number };
export type CutoutBox = { x: number; y: number; width: number; height: number };

/** Stroke points closer than this (fraction of the photo) are not sent twice. */
const MIN_STEP = 0.006;
/** A box thinner than this (fraction of the photo) was a click, not a selection. */
const MIN_BOX = 0.02;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The guided selection drawn over the photo (issue 11 (docs/history.md)): a box around the product, or keep/remove
 * brush strokes, in fractions of the photo's size. `locked` ignores new drags (while disabled or
 * while a cut-out runs).
 */
export function useCutoutSelection(stage: RefObject<HTMLDivElement | null>, locked: boolean) {
  const [tool, setTool] = useState<CutoutTool>('box');
  const [box, setBox] = useState<CutoutBox | null>(null);
  const [keep, setKeep] = useState<CutoutPoint[]>([]);
  const [remove, setRemove] = useState<CutoutPoint[]>([]);
  const drag = useRef<{ start: CutoutPoint; pointer: number } | null>(null);
  const clear = useCallback(() => {
    setBox(null);
    setKeep([]);
    setRemove([]);
  }, []);

  function at(e: ReactPointerEvent): CutoutPoint {
    const r = stage.current!.getBoundingClientRect();
    return { x: clamp01((e.clientX - r.left) / r.width), y: clamp01((e.clientY - r.top) / r.height) };
  }

  function addStroke(p: CutoutPoint) {
    const setter = tool === 'keep' ? setKeep : setRemove;
    setter((list) => {
      const last = list[list.length - 1];
      if (last && Math.hypot(last.x - p.x, last.y - p.y) < MIN_STEP) return list;
      return [...list, p];
    });
  }

  function onPointerDown(e: ReactPointerEvent) {
    if (locked) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    drag.current = { start: p, pointer: e.pointerId };
    if (tool === 'box') setBox({ x: p.x, y: p.y, width: 0, height: 0 });
    else addStroke(p);
  }

  function onPointerMove(e: ReactPointerEvent) {
    if (!drag.current || drag.current.pointer !== e.pointerId) return;
    const p = at(e);
    if (tool === 'box') {
      const s = drag.current.start;
      setBox({ x: Math.min(s.x, p.x), y: Math.min(s.y, p.y), width: Math.abs(p.x - s.x), height: Math.abs(p.y - s.y) });
    } else addStroke(p);
  }

  function onPointerUp() {
    drag.current = null;
    setBox((b) => (b && (b.width < MIN_BOX || b.height < MIN_BOX) ? null : b));
  }

  return {
    tool,
    setTool,
    box,
    keep,
    remove,
    guided: !!box || keep.length > 0 || remove.length > 0,
    clear,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
