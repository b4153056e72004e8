/**
 * The four studio "looks" of the local provider. Each is a backdrop function
 * plus placement and tone, so the four outputs differ in light, colour and
 * composition, the way a photographer's set-ups would. Everything here is
 * deterministic: the same photo always gives the same pictures, which is what
 * lets a restarted worker re-render a lost local request.
 */
export type Rgb = readonly [number, number, number];

export type Look = {
  id: 'white-seamless' | 'warm-gradient' | 'dark-premium' | 'lifestyle' | 'scene';
  /** Backdrop colour at (u, v), both 0..1, u to the right, v downwards. */
  backdrop: (u: number, v: number, aspect: number) => Rgb;
  /** Largest product size as a share of the canvas width and height. */
  scale: number;
  /** Where the product's base stands, as a share of the canvas height. */
  baseline: number;
  /** Horizontal shift of the product centre, share of canvas width. */
  offsetX: number;
  /** `dx`: how far the soft shadow is cast sideways (share of the product's width), from the light's side. */
  shadow: { color: Rgb; opacity: number; dx?: number };
  tone: { brightness: number; saturation: number; contrast: number; warmth: number };
  reflection: boolean;
  /** Fine noise over the backdrop against banding in dark gradients. */
  grain: boolean;
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => {
  const k = Math.min(1, Math.max(0, t));
  return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
};
const smooth = (t: number) => {
  const k = Math.min(1, Math.max(0, t));
  return k * k * (3 - 2 * k);
};
/** Distance from a centre in canvas-proportional units (circles stay round). */
const radius = (u: number, v: number, cu: number, cv: number, aspect: number) =>
  Math.hypot((u - cu) * Math.max(1, aspect), (v - cv) * Math.max(1, 1 / aspect));

// The first is the clean white set (the honest fallback; the video starts from it too).
export const LOOKS: readonly [Look, ...Look[]] = [
  {
    id: 'white-seamless',
    backdrop: (u, v, aspect) => {
      const sweep = mix([250, 250, 248], [229, 227, 223], smooth((v - 0.25) / 0.75));
      const glow = 1 - smooth(radius(u, v, 0.5, 0.5, aspect) / 0.7);
      return mix(sweep, [255, 255, 255], glow * 0.5);
    },
    scale: 0.74,
    baseline: 0.87,
    offsetX: 0,
    shadow: { color: [70, 64, 58], opacity: 0.5 },
    tone: { brightness: 1.02, saturation: 1.0, contrast: 1.05, warmth: 0 },
    reflection: false,
    grain: false,
  },
  {
    id: 'warm-gradient',
    backdrop: (u, v, aspect) => mix([253, 231, 204], [208, 142, 98], smooth(radius(u, v, 0.42, 0.4, aspect) / 0.85)),
    scale: 0.66,
    baseline: 0.85,
    offsetX: 0.04,
    shadow: { color: [112, 58, 28], opacity: 0.45 },
    tone: { brightness: 1.03, saturation: 1.08, contrast: 1.03, warmth: 0.05 },
    reflection: false,
    grain: false,
  },
  {
    id: 'dark-premium',
    backdrop: (u, v, aspect) => {
      const spot = mix([78, 78, 88], [9, 9, 12], smooth(radius(u, v, 0.5, 0.38, aspect) / 0.75));
      // A faint floor line gives the reflection something to sit on.
      return v > 0.78 ? mix(spot, [26, 26, 30], 0.6) : spot;
    },
    scale: 0.6,
    baseline: 0.78,
    offsetX: 0,
    shadow: { color: [0, 0, 0], opacity: 0.7 },
    tone: { brightness: 1.05, saturation: 1.06, contrast: 1.14, warmth: -0.02 },
    reflection: true,
    grain: true,
  },
  {
    id: 'lifestyle',
    backdrop: (u, v, aspect) => {
      const horizon = 0.72;
      const wall = mix([204, 212, 192], [168, 182, 158], v / horizon);
      const table = mix([184, 146, 108], [132, 96, 66], (v - horizon) / (1 - horizon));
      const base = mix(wall, table, smooth((v - horizon + 0.006) / 0.012));
      const vignette = 1 - 0.38 * smooth(radius(u, v, 0.5, 0.5, aspect) / 0.9);
      return [base[0] * vignette, base[1] * vignette, base[2] * vignette];
    },
    scale: 0.64,
    baseline: 0.86,
    offsetX: -0.05,
    shadow: { color: [48, 32, 18], opacity: 0.6 },
    tone: { brightness: 1.04, saturation: 1.14, contrast: 1.04, warmth: 0.04 },
    reflection: false,
    grain: false,
  },
];
