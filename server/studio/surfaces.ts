import type { Material } from '../../shared/scene-words.js';

/**
 * Procedural surfaces, made here from seeded value noise (no texture files to license or ship):
 * marble veins from domain-warped noise, wood grain as noise-distorted growth rings along planks,
 * linen as a fine weave over slub noise, concrete and paper as multi-scale noise with pores and
 * fibres. Each returns a brightness/colour for surface coordinates (x, y) in "surface units"
 * (about one unit per product width), so the same texture reads at the same scale on any canvas.
 */
export type Rgb = readonly [number, number, number];

export type Noise = {
  /** Smooth value noise, 0..1. */
  value(x: number, y: number): number;
  /** Fractal sum of `octaves` value noises, 0..1. */
  fbm(x: number, y: number, octaves: number): number;
};

const TABLE = 256;

/** A seeded value-noise field: one table of random values, looked up with wrap-around. */
export function makeNoise(seed: number): Noise {
  const table = new Float32Array(TABLE * TABLE);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < table.length; i++) {
    // xorshift32: fast, and the same sequence for the same seed on every machine.
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    table[i] = s / 4294967296;
  }
  const value = (x: number, y: number): number => {
    const xf0 = Math.floor(x);
    const yf0 = Math.floor(y);
    const xf = x - xf0;
    const yf = y - yf0;
    const xi = xf0 & (TABLE - 1);
    const yi = yf0 & (TABLE - 1);
    const xj = (xi + 1) & (TABLE - 1);
    const yj = (yi + 1) & (TABLE - 1);
    const sx = xf * xf * (3 - 2 * xf);
    const sy = yf * yf * (3 - 2 * yf);
    const a = table[yi * TABLE + xi]!;
    const b = table[yi * TABLE + xj]!;
    const c = table[yj * TABLE + xi]!;
    const d = table[yj * TABLE + xj]!;
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  };
  const fbm = (x: number, y: number, octaves: number): number => {
    let sum = 0;
    let amp = 0.5;
    let norm = 0;
    let f = 1;
    for (let o = 0; o < octaves; o++) {
      // Each octave shifted so the lattices do not line up.
      sum += value(x * f + o * 17.3, y * f + o * 9.1) * amp;
      norm += amp;
      amp *= 0.5;
      f *= 2.03;
    }
    return sum / norm;
  };
  return { value, fbm };
}

export type Surface = (x: number, y: number) => Rgb;

const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];

/** `angle` turns the pattern (veins, grain, weave), so the three scenes of a run are not copies. */
export function makeSurface(material: Material, colour: Rgb, noise: Noise, angle: number): Surface {
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const rot = (x: number, y: number): [number, number] => [x * ca - y * sa, x * sa + y * ca];
  const luma = 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2];
  switch (material) {
    case 'marble':
    case 'granite': {
      // Soft grey clouds, and veins along the ridges of stretched, slightly warped noise: a dark
      // core in a wide halo, fading in and out along their length.
      const vein: Rgb = luma > 128 ? [112, 112, 118] : [206, 202, 196];
      const fleck = material === 'granite';
      return (x0, y0) => {
        const [x, y] = rot(x0, y0);
        const w = noise.value(x * 1.1 + 7, y * 1.1) * 0.35;
        const q = noise.fbm(x * 0.5 + y * 0.2 + w, y * 2 - x * 0.4 + w, 4);
        const ridge = 1 - Math.abs(2 * q - 1);
        const presence = noise.value(x * 0.6 + 9.1, y * 0.6 + 3.7);
        const veins = (ridge ** 40 * 0.75 + ridge ** 8 * 0.2) * (0.15 + 0.85 * presence * presence);
        const cloud = noise.fbm(x * 1.4 + 5, y * 1.4, 3);
        const mottle = Math.max(0, cloud - 0.52) * 0.55;
        let c = mixRgb(colour, vein, Math.min(1, veins + mottle));
        if (fleck) {
          const f = noise.value(x * 90, y * 90);
          c = scale(c, f > 0.8 ? 0.7 : f < 0.12 ? 1.18 : 1);
        }
        return c;
      };
    }
    case 'wood':
    case 'walnut': {
      // Planks about 0.45 units wide, each with its own shade and ring centre; grain along the plank.
      return (x0, y0) => {
        const [x, y] = rot(x0, y0);
        const plank = Math.floor(x / 0.45);
        const px = x - plank * 0.45;
        const ph = noise.value(plank * 7.1, 3.3);
        const along = y * 0.9 + ph * 50;
        const warp = noise.fbm(px * 3, along * 0.35, 3) * 2.2;
        const rings = 0.5 + 0.5 * Math.sin((px * 9 + warp * 4 + ph * 20) * Math.PI);
        const fine = noise.value(px * 160, along * 4);
        const seam = px < 0.004 || px > 0.446 ? 0.55 : 1;
        const k = (0.86 + ph * 0.2) * (0.9 + rings * 0.14) * (0.95 + fine * 0.1) * seam;
        return scale(colour, k);
      };
    }
    case 'linen': {
      // Weave: two sets of threads, plus slubs (thicker thread stretches) from low-frequency noise.
      return (x0, y0) => {
        const [x, y] = rot(x0, y0);
        const warp = Math.sin(x * 210) * 0.5 + 0.5;
        const weft = Math.sin(y * 210) * 0.5 + 0.5;
        const slub = noise.fbm(x * 2, y * 60, 2) - 0.5;
        const k = 0.93 + 0.05 * (warp * weft) + slub * 0.1 + (noise.fbm(x * 4, y * 4, 2) - 0.5) * 0.06;
        return scale(colour, k);
      };
    }
    case 'concrete': {
      return (x, y) => {
        const base = noise.fbm(x * 2.5, y * 2.5, 5) - 0.5;
        const pore = noise.value(x * 140, y * 140);
        const k = 1 + base * 0.22 + (pore > 0.9 ? -0.16 : 0) + (noise.value(x * 40, y * 40) - 0.5) * 0.05;
        return scale(colour, k);
      };
    }
    case 'paper': {
      return (x0, y0) => {
        const [x, y] = rot(x0, y0);
        const fibre = noise.fbm(x * 30, y * 8, 3) - 0.5;
        const k = 1 + fibre * 0.035 + (noise.fbm(x * 3, y * 3, 2) - 0.5) * 0.03;
        return scale(colour, k);
      };
    }
    case 'sand': {
      return (x, y) => {
        const ripple = Math.sin((y * 6 + noise.fbm(x, y, 3) * 3) * Math.PI) * 0.04;
        const k = 1 + ripple + (noise.value(x * 150, y * 150) - 0.5) * 0.12;
        return scale(colour, k);
      };
    }
    case 'grass': {
      return (x, y) => {
        const k = 0.8 + noise.fbm(x * 30, y * 6, 3) * 0.4;
        return scale(colour, k);
      };
    }
    case 'tile': {
      return (x, y) => {
        const gu = (((x / 0.6) % 1) + 1) % 1;
        const gv = (((y / 0.6) % 1) + 1) % 1;
        const grout = gu < 0.012 || gv < 0.012;
        const k = 1 + (noise.fbm(x * 4, y * 4, 2) - 0.5) * 0.04;
        return grout ? mixRgb(colour, [140, 140, 140], 0.4) : scale(colour, k);
      };
    }
    case 'solid':
      // A solid colour still has a little tooth, so it reads as a painted surface, not a flat fill.
      return (x, y) => scale(colour, 1 + (noise.fbm(x * 6, y * 6, 2) - 0.5) * 0.025);
  }
}
