import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { EditorStroke } from '../../../../shared/schemas/editor';
import { M } from '../../../../shared/messages/app';
import type { EditorBox, EditState } from './useEditorSession';
import classes from './editor.module.css';

export type EditorTool = 'box' | 'keep' | 'remove' | 'pan';
export type ZoomPan = { zoom: number; x: number; y: number };
export const ZOOM = { min: 1, max: 8, step: 1.25 } as const;

/** A click, not a box, under this share of the photo. */
const MIN_BOX = 0.02;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const clamp01 = (v: number) => clamp(v, 0, 1);

/** Zoom to `zoom` about a point of the stage (px from its centre), keeping that point of the photo under it. */
export function zoomAbout(view: ZoomPan, zoom: number, about = { x: 0, y: 0 }): ZoomPan {
  const z = clamp(zoom, ZOOM.min, ZOOM.max);
  const k = z / view.zoom;
  if (z === ZOOM.min) return { zoom: z, x: 0, y: 0 };
  return { zoom: z, x: about.x - (about.x - view.x) * k, y: about.y - (about.y - view.y) * k };
}

/**
 * The editor's photo (issue 26 (docs/history.md)): fitted to the space it has, zoomed and panned by
 * wheel, pinch or buttons; the mask as a tint over what would be removed (or the cut-out on a
 * checkerboard); box and brush strokes drawn with pointer events (mouse, pen and touch alike).
 */
export function EditorStage({
  photoUrl,
  width,
  height,
  maskUrl,
  showCutout,
  tool,
  brush,
  state,
  view,
  onView,
  onStroke,
  onBox,
}: {
  photoUrl: string;
  width: number;
  height: number;
  maskUrl: string | null;
  showCutout: boolean;
  tool: EditorTool;
  brush: number;
  state: EditState;
  view: ZoomPan;
  onView: (v: ZoomPan) => void;
  onStroke: (s: EditorStroke) => void;
  onBox: (b: EditorBox) => void;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [draft, setDraft] = useState<EditorStroke | null>(null);
  const [draftBox, setDraftBox] = useState<EditorBox | null>(null);
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ kind: 'draw' | 'pan' | 'pinch'; start: { x: number; y: number }; view: ZoomPan; dist?: number } | null>(null);
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    setSize({ w: el.clientWidth, h: el.clientHeight });
    return () => ro.disconnect();
  }, []);

  // The wheel zooms about the cursor (a non-passive listener, so the page does not scroll).
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const about = { x: e.clientX - r.left - r.width / 2, y: e.clientY - r.top - r.height / 2 };
      const v = viewRef.current;
      onView(zoomAbout(v, v.zoom * (e.deltaY < 0 ? ZOOM.step : 1 / ZOOM.step), about));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [onView]);

  // The tint: what the mask would remove is darkened, what it keeps stays as the photo. Drawn again
  // whenever the canvas is shown again (Sonuç → Seçim mounts a fresh, blank 300×150 canvas).
  useEffect(() => {
    const c = canvas.current;
    if (!c || !maskUrl || showCutout) return;
    const img = new Image();
    img.onload = () => {
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, c.width, c.height);
      ctx.drawImage(img, 0, 0);
      ctx.globalCompositeOperation = 'source-out';
      ctx.fillStyle = 'rgba(16, 24, 64, 0.62)';
      ctx.fillRect(0, 0, c.width, c.height);
      ctx.globalCompositeOperation = 'source-over';
    };
    img.src = maskUrl;
  }, [maskUrl, showCutout]);

  const fit = size.w && size.h ? Math.min(size.w / width, size.h / height) : 0;
  const dw = width * fit * view.zoom;
  const dh = height * fit * view.zoom;
  const left = (size.w - dw) / 2 + view.x;
  const top = (size.h - dh) / 2 + view.y;
  const long = Math.max(width, height);

  function at(e: { clientX: number; clientY: number }) {
    const r = layer.current!.getBoundingClientRect();
    return { x: clamp01((e.clientX - r.left) / r.width), y: clamp01((e.clientY - r.top) / r.height) };
  }

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      // A second finger: the stroke in progress is dropped and the two fingers pinch and pan.
      const [a, b] = [...pointers.current.values()];
      setDraft(null);
      setDraftBox(null);
      gesture.current = { kind: 'pinch', start: mid(a!, b!), view, dist: Math.hypot(a!.x - b!.x, a!.y - b!.y) };
      return;
    }
    const pan = tool === 'pan' || e.button === 1;
    gesture.current = { kind: pan ? 'pan' : 'draw', start: { x: e.clientX, y: e.clientY }, view };
    if (pan) return;
    const p = at(e);
    if (tool === 'box') setDraftBox({ x: p.x, y: p.y, width: 0, height: 0 });
    else if (tool === 'keep' || tool === 'remove') setDraft({ kind: tool, radius: brush, points: [p] });
  }

  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    if (layer.current) setCursor(at(e));
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      const r = stage.current!.getBoundingClientRect();
      const m = mid(a!, b!);
      const about = { x: m.x - r.left - r.width / 2, y: m.y - r.top - r.height / 2 };
      const zoomed = zoomAbout(g.view, g.view.zoom * (Math.hypot(a!.x - b!.x, a!.y - b!.y) / (g.dist || 1)), about);
      onView({ ...zoomed, x: zoomed.x + m.x - g.start.x, y: zoomed.y + m.y - g.start.y });
      return;
    }
    if (g.kind === 'pan') {
      onView({ ...g.view, x: g.view.x + e.clientX - g.start.x, y: g.view.y + e.clientY - g.start.y });
      return;
    }
    const p = at(e);
    if (tool === 'box') {
      const s = at({ clientX: g.start.x, clientY: g.start.y });
      setDraftBox({ x: Math.min(s.x, p.x), y: Math.min(s.y, p.y), width: Math.abs(p.x - s.x), height: Math.abs(p.y - s.y) });
    } else {
      setDraft((d) => {
        if (!d) return d;
        const last = d.points[d.points.length - 1]!;
        // Points closer than a third of the brush add nothing (the server joins them with segments).
        if (Math.hypot((last.x - p.x) * width, (last.y - p.y) * height) < (brush * long) / 3) return d;
        return d.points.length >= 1500 ? d : { ...d, points: [...d.points, p] };
      });
    }
  }

  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (g?.kind !== 'draw') return;
    if (draft) onStroke(draft);
    if (draftBox && draftBox.width >= MIN_BOX && draftBox.height >= MIN_BOX) onBox(draftBox);
    setDraft(null);
    setDraftBox(null);
  }

  const strokes = draft ? [...state.strokes, draft] : state.strokes;
  const box = draftBox ?? state.box;
  const drawing = tool === 'keep' || tool === 'remove';
  return (
    <div
      ref={stage}
      className={`${classes.stage} ${showCutout ? classes.checker : ''}`}
      data-tool={tool}
      data-testid="editor-stage"
      role="application"
      aria-label={M.editor.stageLabel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={() => setCursor(null)}
    >
      <div ref={layer} className={classes.layer} style={{ left, top, width: dw, height: dh }} data-testid="editor-layer">
        <img
          src={photoUrl}
          alt={showCutout ? M.editor.cutoutPreviewAlt : ''}
          className={classes.photo}
          draggable={false}
          style={
            showCutout && maskUrl
              ? { maskImage: `url(${maskUrl})`, WebkitMaskImage: `url(${maskUrl})`, maskSize: '100% 100%', WebkitMaskSize: '100% 100%' }
              : undefined
          }
        />
        {!showCutout && maskUrl && (
          <canvas ref={canvas} className={classes.tint} data-testid="editor-mask" data-mask={maskKey(maskUrl)} aria-hidden />
        )}
        <svg className={classes.marks} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden>
          {!showCutout &&
            strokes.map((s, i) => (
              <path
                key={i}
                d={
                  s.points.map((p, k) => `${k ? 'L' : 'M'}${p.x * width} ${p.y * height}`).join(' ') +
                  (s.points.length === 1 ? ' l0.01 0' : '')
                }
                className={s.kind === 'keep' ? classes.keep : classes.remove}
                strokeWidth={s.radius * long * 2}
              />
            ))}
          {box && (
            <rect x={box.x * width} y={box.y * height} width={box.width * width} height={box.height * height} className={classes.box} />
          )}
          {drawing && cursor && <circle cx={cursor.x * width} cy={cursor.y * height} r={brush * long} className={classes.cursor} />}
        </svg>
      </div>
    </div>
  );
}

const mid = (a: { x: number; y: number }, b: { x: number; y: number }) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** A short fingerprint of the mask (the browser tests see the overlay change by it). */
function maskKey(url: string): string {
  let h = 0;
  for (let i = 0; i < url.length; i += 7) h = (h * 31 + url.charCodeAt(i)) | 0;
  return `${url.length}-${(h >>> 0).toString(36)}`;
}
