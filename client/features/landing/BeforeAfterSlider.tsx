import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { M } from '../../../shared/messages/public';
import classes from './BeforeAfterSlider.module.css';

interface Props {
  before: string;
  after: string;
  /** Names the comparison for assistive technology and the images' alt texts. */
  title: string;
  /** Intrinsic size of the images (the seeded references are 800 × 600). */
  width?: number;
  height?: number;
  initial?: number;
}

const clamp = (n: number) => Math.min(100, Math.max(0, n));
const STEP = 5;
const PAGE = 20;

/**
 * Before/after comparison: the "before" photo is revealed from the left up to the divider.
 * Drag anywhere on the image (mouse, pen or touch; vertical swipes still scroll the page), or
 * focus the handle and use the arrow keys, Page Up/Down, Home and End. The handle is a
 * `role="slider"` whose value is the share of the "before" photo shown.
 */
export function BeforeAfterSlider({ before, after, title, width = 800, height = 600, initial = 50 }: Props) {
  const [position, setPosition] = useState(initial);
  const frameRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);

  const moveTo = useCallback((clientX: number) => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clamp(((clientX - rect.left) / rect.width) * 100));
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    dragging.current = e.pointerId;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    // A mouse click jumps the divider; a finger only moves it once it slides sideways,
    // so starting a vertical scroll on the image does not disturb the comparison.
    if (e.pointerType === 'mouse') {
      e.preventDefault();
      moveTo(e.clientX);
      handleRef.current?.focus({ preventScroll: true });
    }
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === e.pointerId) moveTo(e.clientX);
  };
  const stop = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current !== e.pointerId) return;
    dragging.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, (p: number) => number> = {
      ArrowLeft: (p) => p - STEP,
      ArrowDown: (p) => p - STEP,
      ArrowRight: (p) => p + STEP,
      ArrowUp: (p) => p + STEP,
      PageDown: (p) => p - PAGE,
      PageUp: (p) => p + PAGE,
      Home: () => 0,
      End: () => 100,
    };
    const fn = next[e.key];
    if (!fn) return;
    e.preventDefault();
    setPosition((p) => clamp(fn(Math.round(p))));
  };

  const value = Math.round(position);
  return (
    <div
      ref={frameRef}
      className={classes.frame}
      style={{ aspectRatio: `${width} / ${height}`, ['--pos' as string]: `${position}%` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onLostPointerCapture={() => (dragging.current = null)}
    >
      <img
        className={classes.image}
        src={after}
        alt={`${title} (${M.landing.after})`}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <div className={classes.beforeLayer}>
        <img
          className={classes.image}
          src={before}
          alt={`${title} (${M.landing.before})`}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      </div>
      <span className={classes.label} data-side="before" aria-hidden="true">
        {M.landing.before}
      </span>
      <span className={classes.label} data-side="after" aria-hidden="true">
        {M.landing.after}
      </span>
      <div className={classes.divider} aria-hidden="true" />
      <div
        ref={handleRef}
        className={classes.handle}
        role="slider"
        tabIndex={0}
        aria-label={M.landing.compareLabel(title)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={M.landing.compareValue(value)}
        aria-orientation="horizontal"
        title={M.landing.compareHint}
        onKeyDown={onKeyDown}
      >
        <IconArrowsHorizontal size={18} stroke={2} aria-hidden="true" />
      </div>
    </div>
  );
}
