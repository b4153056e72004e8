import {
  understoodWords,
  type ColourWord,
  type LightWord,
  type Material as WordMaterial,
  type TimeWord,
  type UnderstoodWord,
} from '../../../../shared/scene-words.js';
import type { Look, Rgb } from './looks.js';
import { SCENE_COLOURS } from './scene-style.js';

/**
 * The video's scene: the seller's Turkish prompt (and category) read with the
 * shared word table (shared/scene-words.ts) into a scene plan — wall, floor material, light and shadow — and
 * turned into three set-ups (hero, close, wide). A pure function: the same
 * words always give the same scenes, and different words visibly different ones.
 */

export type Material = 'plain' | 'marble' | 'wood' | 'concrete' | 'linen' | 'sand' | 'grass' | 'tile';
export type LightKind = 'soft' | 'bright' | 'dramatic' | 'sunset';
export type Setting = 'studio' | 'kitchen' | 'bathroom' | 'outdoor' | 'living' | 'beach' | 'office';

export type ScenePlan = {
  setting: Setting;
  floor: { material: Material; color: Rgb };
  wall: { top: Rgb; bottom: Rgb };
  accent: Rgb | null;
  light: LightKind;
  /** Which words were understood (for tests and diagnostics). */
  matched: string[];
};

/** The shared word table's materials as this plan's floors (walnut is dark wood, granite dark stone). */
const MATERIALS: Record<WordMaterial, { material: Material; color: Rgb }> = {
  solid: { material: 'plain', color: [236, 232, 226] },
  paper: { material: 'plain', color: [238, 228, 210] },
  marble: { material: 'marble', color: [236, 234, 231] },
  granite: { material: 'marble', color: [120, 118, 116] },
  walnut: { material: 'wood', color: [104, 70, 44] },
  wood: { material: 'wood', color: [178, 132, 88] },
  concrete: { material: 'concrete', color: [160, 158, 154] },
  linen: { material: 'linen', color: [222, 210, 188] },
  sand: { material: 'sand', color: [226, 204, 160] },
  grass: { material: 'grass', color: [104, 150, 72] },
  tile: { material: 'tile', color: [228, 232, 234] },
};

/** The video's four lights from the shared light and time words. */
const LIGHTS: Record<LightWord | TimeWord, LightKind> = {
  sunset: 'sunset',
  warm: 'sunset',
  evening: 'sunset',
  dramatic: 'dramatic',
  night: 'dramatic',
  bright: 'bright',
  cool: 'bright',
  morning: 'bright',
  noon: 'bright',
  soft: 'soft',
};

const SETTING_DEFAULTS: Record<Setting, Omit<ScenePlan, 'matched' | 'setting' | 'light' | 'accent'>> = {
  studio: { floor: { material: 'plain', color: [236, 232, 226] }, wall: { top: [244, 242, 238], bottom: [226, 222, 216] } },
  kitchen: { floor: { material: 'marble', color: [236, 234, 231] }, wall: { top: [232, 228, 218], bottom: [214, 206, 192] } },
  bathroom: { floor: { material: 'tile', color: [228, 232, 234] }, wall: { top: [222, 232, 236], bottom: [196, 212, 218] } },
  outdoor: { floor: { material: 'grass', color: [104, 150, 72] }, wall: { top: [150, 196, 236], bottom: [214, 230, 238] } },
  living: { floor: { material: 'wood', color: [178, 132, 88] }, wall: { top: [226, 218, 204], bottom: [204, 192, 174] } },
  beach: { floor: { material: 'sand', color: [226, 204, 160] }, wall: { top: [120, 180, 226], bottom: [190, 222, 236] } },
  office: { floor: { material: 'wood', color: [150, 112, 80] }, wall: { top: [212, 214, 216], bottom: [186, 190, 194] } },
};

export function planScene(prompt: string, category = ''): ScenePlan {
  const understood = understoodWords(`${prompt} ${category}`);
  const word = (kind: UnderstoodWord['kind']) => understood.find((w) => w.kind === kind);
  const setting = (word('setting')?.value as Setting | undefined) ?? 'studio';
  const base = SETTING_DEFAULTS[setting];
  const material = word('material');
  const colourWord = word('colour');
  const colour = colourWord ? SCENE_COLOURS[colourWord.value as ColourWord] : null;
  const lightWord = word('light') ?? word('time');
  const light = lightWord ? LIGHTS[lightWord.value as LightWord | TimeWord] : setting === 'studio' ? 'soft' : 'bright';
  let wall = base.wall;
  if (colour) {
    // A named colour paints the wall (the floor keeps its material's own colour).
    wall = { top: mix(colour, [255, 255, 255], 0.25), bottom: mix(colour, [0, 0, 0], 0.12) };
  }
  const floor = material ? MATERIALS[material.value as WordMaterial] : base.floor;
  return { setting, floor, wall, accent: colour, light, matched: understood.map((w) => w.word) };
}

/** Three set-ups of one plan: hero (centred), close (lower camera, bigger), wide (off-centre, more room). */
export function sceneLooks(plan: ScenePlan): Look[] {
  const setups = [
    { horizon: 0.66, scale: 0.62, baseline: 0.86, offsetX: 0, lightX: 0.3 },
    { horizon: 0.58, scale: 0.72, baseline: 0.9, offsetX: 0.03, lightX: 0.75 },
    { horizon: 0.7, scale: 0.52, baseline: 0.84, offsetX: -0.12, lightX: 0.15 },
  ];
  return setups.map((s, i) => buildLook(plan, s, i));
}

function buildLook(
  plan: ScenePlan,
  s: { horizon: number; scale: number; baseline: number; offsetX: number; lightX: number },
  index: number,
): Look {
  const light = LIGHT[plan.light];
  const floorTex = FLOORS[plan.floor.material];
  const backdrop = (u: number, v: number, aspect: number): Rgb => {
    let c: Rgb;
    if (v < s.horizon) {
      const t = v / s.horizon;
      c = mix(plan.wall.top, plan.wall.bottom, t);
      if (plan.setting === 'kitchen' || plan.setting === 'bathroom') c = tiles(c, u * aspect, v, 0.11);
      if (plan.setting === 'outdoor' || plan.setting === 'beach') {
        const hills = 0.5 + 0.5 * Math.sin(u * 9 + index) * 0.5;
        if (plan.setting === 'outdoor' && v > s.horizon - 0.08 * hills) c = mix(c, [92, 132, 84], 0.7);
        if (plan.setting === 'beach' && v > s.horizon - 0.06) c = mix(c, [58, 128, 176], 0.8);
      }
    } else {
      // Floor in perspective: texture coordinates stretch towards the camera.
      const depth = (v - s.horizon) / (1 - s.horizon);
      const fu = ((u - 0.5) * aspect) / (0.25 + depth) + 7.3 * index;
      const fv = 1 / (0.12 + depth);
      c = floorTex(plan.floor.color, fu, fv);
      c = mix(c, [0, 0, 0], 0.12 * (1 - depth)); // the far floor is a little darker
      const edge = Math.max(0, 1 - (v - s.horizon) / 0.012);
      c = mix(c, mix(plan.wall.bottom, [0, 0, 0], 0.35), edge * 0.5);
    }
    // Light: a broad pool from one side, plus the light's own colour cast.
    const dx = (u - s.lightX) * Math.max(1, aspect);
    const dy = v - 0.35;
    const pool = Math.exp(-(dx * dx + dy * dy) / (2 * light.spread * light.spread));
    const k = light.ambient + (1 - light.ambient) * pool;
    c = [c[0] * k * light.tint[0], c[1] * k * light.tint[1], c[2] * k * light.tint[2]];
    return [clamp255(c[0]), clamp255(c[1]), clamp255(c[2])];
  };
  const shadowDx = (0.5 - s.lightX) * light.cast;
  return {
    id: 'scene',
    backdrop,
    scale: s.scale,
    baseline: s.baseline,
    offsetX: s.offsetX,
    shadow: { color: light.shadowColor, opacity: light.shadowOpacity, dx: shadowDx },
    tone: light.tone,
    reflection: plan.floor.material === 'marble' || plan.floor.material === 'tile' || plan.light === 'dramatic',
    grain: plan.light === 'dramatic',
  };
}

const LIGHT: Record<
  LightKind,
  { ambient: number; spread: number; tint: Rgb; shadowColor: Rgb; shadowOpacity: number; cast: number; tone: Look['tone'] }
> = {
  soft: {
    ambient: 0.86,
    spread: 0.6,
    tint: [1, 1, 1],
    shadowColor: [60, 56, 52],
    shadowOpacity: 0.45,
    cast: 0.05,
    tone: { brightness: 1.02, saturation: 1, contrast: 1.04, warmth: 0 },
  },
  bright: {
    ambient: 0.94,
    spread: 0.7,
    tint: [1.03, 1.03, 1.02],
    shadowColor: [70, 66, 60],
    shadowOpacity: 0.35,
    cast: 0.08,
    tone: { brightness: 1.05, saturation: 1.04, contrast: 1.02, warmth: 0.01 },
  },
  dramatic: {
    ambient: 0.22,
    spread: 0.28,
    tint: [0.95, 0.95, 1.0],
    shadowColor: [0, 0, 0],
    shadowOpacity: 0.75,
    cast: 0.18,
    tone: { brightness: 1.04, saturation: 1.06, contrast: 1.16, warmth: -0.02 },
  },
  sunset: {
    ambient: 0.55,
    spread: 0.45,
    tint: [1.12, 0.9, 0.72],
    shadowColor: [80, 34, 10],
    shadowOpacity: 0.55,
    cast: 0.3,
    tone: { brightness: 1.03, saturation: 1.1, contrast: 1.05, warmth: 0.07 },
  },
};

type FloorTexture = (base: Rgb, u: number, v: number) => Rgb;

const FLOORS: Record<Material, FloorTexture> = {
  plain: (base) => base,
  marble: (base, u, v) => {
    const vein = Math.abs(Math.sin(u * 3 + fbm(u * 1.5, v * 1.5) * 6));
    const k = Math.pow(1 - vein, 12);
    return mix(base, [110, 110, 114], k * 0.55);
  },
  wood: (base, u, v) => {
    const plank = Math.floor(u * 3);
    const shade = (hash(plank, 7) - 0.5) * 0.16;
    const grain = Math.sin((v * 0.4 + hash(plank, 3) * 10 + fbm(u * 4, v * 0.3) * 1.5) * 14) * 0.05;
    const seam = Math.abs(u * 3 - plank - 0.5) > 0.485 ? -0.25 : 0;
    const k = 1 + shade + grain + seam;
    return [base[0] * k, base[1] * k, base[2] * k];
  },
  concrete: (base, u, v) => {
    const k = 1 + (fbm(u * 6, v * 6) - 0.5) * 0.18;
    return [base[0] * k, base[1] * k, base[2] * k];
  },
  linen: (base, u, v) => {
    const k = 1 + 0.05 * Math.sin(u * 60) * Math.sin(v * 60) + (fbm(u * 3, v * 3) - 0.5) * 0.08;
    return [base[0] * k, base[1] * k, base[2] * k];
  },
  sand: (base, u, v) => {
    const k = 1 + (fbm(u * 10, v * 10) - 0.5) * 0.12 + Math.sin(u * 2 + v * 0.5) * 0.03;
    return [base[0] * k, base[1] * k, base[2] * k];
  },
  grass: (base, u, v) => {
    const k = 1 + (fbm(u * 12, v * 2) - 0.5) * 0.3;
    return [base[0] * k, base[1] * k, base[2] * k];
  },
  tile: (base, u, v) => tiles(base, u, v * 0.35, 0.5),
};

function tiles(c: Rgb, u: number, v: number, size: number): Rgb {
  const gu = (u / size) % 1;
  const gv = (v / size) % 1;
  const grout = gu < 0.03 || gv < 0.03 || gu > 0.97 || gv > 0.97;
  return grout ? mix(c, [150, 150, 150], 0.35) : c;
}

function hash(x: number, y: number): number {
  let h = (Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

function valueNoise(x: number, y: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const xf = x - xi;
  const yf = y - yi;
  const sx = xf * xf * (3 - 2 * xf);
  const sy = yf * yf * (3 - 2 * yf);
  const a = hash(xi, yi);
  const b = hash(xi + 1, yi);
  const c = hash(xi, yi + 1);
  const d = hash(xi + 1, yi + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

function fbm(x: number, y: number): number {
  return valueNoise(x, y) * 0.5 + valueNoise(x * 2.1, y * 2.1) * 0.3 + valueNoise(x * 4.3, y * 4.3) * 0.2;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const k = Math.min(1, Math.max(0, t));
  return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
}

const clamp255 = (v: number) => Math.min(255, Math.max(0, v));
