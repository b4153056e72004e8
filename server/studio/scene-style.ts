import { createHash } from 'node:crypto';
import { SCENE_PRODUCT_SIZE } from '../../shared/constants.js';
import type { SceneControls } from '../../shared/schemas/generations.js';
import {
  understoodWords,
  type ColourWord,
  type LightWord,
  type Material,
  type MoodWord,
  type SettingWord,
  type TimeWord,
  type UnderstoodWord,
} from '../../shared/scene-words.js';
import type { Rgb } from './surfaces.js';

/**
 * What a run's scenes look like, read from the seller's words and controls: the surface, the wall
 * behind a side view, the light (colour, direction, softness), the shadow and reflection, the
 * product's size, and the seed that varies the three scenes. A pure function of its input, so the
 * same prompt, controls and seed always give the same scenes (a restarted worker re-renders the
 * same pictures).
 */
export type SceneStyle = {
  surface: { material: Material; colour: Rgb };
  wall: { top: Rgb; bottom: Rgb };
  light: {
    /** Multipliers on R, G, B: the light's colour (warm > 1 red, < 1 blue). */
    tint: Rgb;
    /** Share of light that is ambient (1: flat, low: a pool of light and dark corners). */
    ambient: number;
    /** Width of the light pool, share of the frame. */
    spread: number;
    /** Direction the light comes from, radians in the image plane (0: from the right, π/2: from the top). */
    azimuth: number;
    /** How far a seed may turn the light from `azimuth` (radians): small when a time word places the sun. */
    azimuthRange: number;
    /** How long shadows fall (0: light overhead, 1: low light, long shadows). */
    low: number;
    /** Shadow blur, share of the product size. */
    softness: number;
  };
  /** 0..1; 0 is no shadow. */
  shadow: number;
  reflection: boolean;
  /** Share of the frame the product's box fits into. */
  productSize: number;
  tone: { brightness: number; saturation: number; contrast: number; warmth: number };
  /** Marketplace pure white: the surface stays RGB 255 outside the shadow (no tint, falloff or texture). */
  pureWhite: boolean;
  seed: number;
  understood: UnderstoodWord[];
};

const MATERIAL_COLOUR: Record<Material, Rgb> = {
  solid: [238, 235, 230],
  marble: [236, 234, 231],
  granite: [118, 116, 114],
  wood: [178, 132, 88],
  walnut: [104, 70, 44],
  concrete: [162, 160, 156],
  linen: [222, 212, 192],
  paper: [238, 228, 210],
  sand: [226, 204, 160],
  grass: [104, 150, 72],
  tile: [228, 232, 234],
};

const STUDIO_PAPER: Rgb = [238, 236, 232];

/** What each colour word paints. */
export const SCENE_COLOURS: Record<ColourWord, Rgb> = {
  navy: [36, 50, 96],
  white: [246, 246, 244],
  black: [34, 34, 38],
  red: [168, 44, 48],
  blue: [90, 146, 210],
  green: [100, 150, 104],
  yellow: [238, 204, 90],
  orange: [232, 136, 64],
  pink: [236, 176, 188],
  purple: [144, 114, 182],
  grey: [152, 154, 158],
  beige: [230, 214, 190],
  brown: [124, 88, 60],
  gold: [212, 174, 96],
  pastel: [228, 216, 234],
};

const SETTINGS: Record<SettingWord, { material: Material; wall: Rgb }> = {
  kitchen: { material: 'marble', wall: [226, 222, 212] },
  bathroom: { material: 'tile', wall: [214, 226, 230] },
  outdoor: { material: 'grass', wall: [170, 204, 232] },
  living: { material: 'wood', wall: [222, 214, 200] },
  beach: { material: 'sand', wall: [150, 196, 230] },
  office: { material: 'wood', wall: [208, 210, 212] },
};

type Light = SceneStyle['light'];

const NEUTRAL: Light = { tint: [1, 1, 1], ambient: 0.8, spread: 0.6, azimuth: 2.4, azimuthRange: 1.1, low: 0.35, softness: 0.05 };

/** Each light word's visible effect: colour of the light, contrast of the pool, shadow length and softness. */
const LIGHTS: Record<LightWord, Partial<Light> & { warmth: number; contrast: number }> = {
  warm: { tint: [1.08, 1.0, 0.86], warmth: 0.05, contrast: 1.03 },
  cool: { tint: [0.9, 0.98, 1.1], warmth: -0.05, contrast: 1.03 },
  sunset: { tint: [1.16, 0.93, 0.7], ambient: 0.5, spread: 0.45, low: 0.9, softness: 0.04, warmth: 0.09, contrast: 1.06 },
  dramatic: { ambient: 0.2, spread: 0.3, low: 0.6, softness: 0.02, warmth: 0, contrast: 1.16 },
  soft: { ambient: 0.92, spread: 0.8, low: 0.2, softness: 0.12, warmth: 0, contrast: 0.98 },
  bright: { tint: [1.04, 1.04, 1.03], ambient: 0.94, spread: 0.75, low: 0.25, softness: 0.06, warmth: 0.01, contrast: 1.02 },
};

/** Time of day: where the sun is (shadow length) and its colour, milder than a light word. */
const TIMES: Record<TimeWord, Partial<Light> & { warmth: number }> = {
  morning: { tint: [1.02, 1.01, 1.04], low: 0.7, azimuth: 2.6, azimuthRange: 0.35, warmth: -0.01 },
  noon: { tint: [1.03, 1.03, 1.02], low: 0.08, ambient: 0.9, warmth: 0 },
  evening: { tint: [1.1, 0.97, 0.84], low: 0.85, azimuth: 0.5, azimuthRange: 0.35, warmth: 0.05 },
  night: { tint: [0.92, 0.94, 1.06], ambient: 0.3, spread: 0.32, low: 0.5, warmth: -0.02 },
};

/** Mood: a default surface when none was named, the product's size, saturation and contrast. */
const MOODS: Record<
  MoodWord,
  { material?: Material; colour?: Rgb; size: number; saturation: number; contrast: number; reflection?: boolean }
> = {
  minimal: { material: 'solid', colour: [240, 238, 234], size: 0.9, saturation: 0.96, contrast: 1 },
  luxury: { material: 'marble', colour: [40, 40, 44], size: 1, saturation: 1.04, contrast: 1.1, reflection: true },
  natural: { material: 'linen', size: 1, saturation: 1.02, contrast: 1 },
  romantic: { colour: [238, 196, 200], size: 1, saturation: 1.02, contrast: 0.98 },
  lively: { size: 1.05, saturation: 1.18, contrast: 1.06 },
  calm: { colour: [214, 224, 220], size: 0.95, saturation: 0.9, contrast: 0.97 },
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const hex = (c: string): Rgb => [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];

/** The seed a run without one gets: a hash of what decides the scenes, so repeating them repeats the images. */
export function defaultSeed(prompt: string, category: string, controls: SceneControls): number {
  const { seed: _ignored, ...rest } = controls;
  const h = createHash('sha256')
    .update(JSON.stringify([prompt, category, rest]))
    .digest();
  return h.readUInt32BE(0) & 0x7fffffff;
}

export function planStyle(prompt: string, category = '', controls: SceneControls = {}): SceneStyle {
  const understood = understoodWords(`${prompt} ${category}`);
  const word = <T extends string>(kind: UnderstoodWord['kind']) => understood.find((w) => w.kind === kind)?.value as T | undefined;
  const setting = word<SettingWord>('setting');
  const named = word<Material>('material');
  const colourWord = word<ColourWord>('colour');
  const lightWord = word<LightWord>('light');
  const timeWord = word<TimeWord>('time');
  const moodWord = word<MoodWord>('mood');
  const mood = moodWord ? MOODS[moodWord] : null;

  const material: Material = named ?? (setting ? SETTINGS[setting].material : (mood?.material ?? 'paper'));
  // With no surface named, the studio's own: a seamless sheet of light grey paper.
  const fallback: Rgb = !named && !setting && !mood?.material ? STUDIO_PAPER : MATERIAL_COLOUR[material];
  let colour: Rgb = colourWord ? SCENE_COLOURS[colourWord] : named ? MATERIAL_COLOUR[material] : (mood?.colour ?? fallback);
  // A colour named with a material tints the material instead of replacing it ("siyah mermer").
  if (colourWord && named) colour = mix(MATERIAL_COLOUR[material], SCENE_COLOURS[colourWord], 0.75);
  const pureWhite = controls.background === '#ffffff';
  if (controls.background) colour = hex(controls.background);
  const wallBase = setting ? SETTINGS[setting].wall : mix(colour, [255, 255, 255], 0.35);
  const wall = { top: mix(wallBase, [255, 255, 255], 0.2), bottom: mix(wallBase, [0, 0, 0], 0.08) };

  let light: Light = { ...NEUTRAL };
  let warmth = 0;
  let contrast = 1.03;
  if (timeWord) {
    const { warmth: w, ...t } = TIMES[timeWord];
    light = { ...light, ...t };
    warmth += w;
  }
  if (lightWord) {
    const { warmth: w, contrast: c, ...l } = LIGHTS[lightWord];
    // A time word's colour and a light word's multiply ("sabah, sıcak ışık": warm morning light).
    const tint: Rgb = l.tint ? [light.tint[0] * l.tint[0], light.tint[1] * l.tint[1], light.tint[2] * l.tint[2]] : light.tint;
    light = { ...light, ...l, tint };
    warmth += w;
    contrast = c;
  }
  if (pureWhite) light = { ...light, tint: [1, 1, 1], ambient: 1 };
  const size = Math.min(SCENE_PRODUCT_SIZE.max, SCENE_PRODUCT_SIZE.default * (mood?.size ?? 1));
  return {
    surface: { material: pureWhite ? 'solid' : material, colour },
    wall,
    light,
    shadow: controls.shadow ?? (lightWord === 'dramatic' ? 0.8 : lightWord === 'soft' ? 0.45 : 0.6),
    reflection: controls.reflection ?? (mood?.reflection || material === 'marble' || material === 'tile' || lightWord === 'dramatic'),
    productSize: controls.productSize ?? size,
    tone: {
      brightness: 1.02,
      saturation: mood?.saturation ?? 1,
      contrast: contrast * (mood?.contrast ?? 1),
      warmth,
    },
    pureWhite,
    seed: controls.seed ?? defaultSeed(prompt, category, controls),
    understood,
  };
}

/**
 * Three set-ups of one style (hero, close, wide), varied by the seed within what the words fixed
 * (issue 38 item 6: a new seed is a new composition, not only new marble veins): where the product
 * sits and how large (around the seller's size), the camera's height in a level view (where the
 * wall meets the floor, how steep the floor runs), the light's side (within a time word's sun) and
 * the shadow's length and softness, and the surface pattern's angle, scale and noise.
 */
export type SceneSetup = {
  azimuth: number;
  /** Multiplier on the product's size in frame. */
  size: number;
  offsetX: number;
  offsetY: number;
  /** Level views: the camera's height, -1 (low, at the product's base) .. 1 (high, looking down on it). */
  camera: number;
  /** Multipliers on the light's shadow length (`low`) and its blur. */
  shadowLength: number;
  shadowSoftness: number;
  /** The surface pattern: its angle, its scale (1: the style's own) and its noise. */
  angle: number;
  patternScale: number;
  noiseSeed: number;
};

/** How far the seed moves each set-up: product offset (share of the frame), size (× around the style's), camera. */
const SEED_RANGE = { offsetX: 0.14, offsetY: 0.08, size: 0.16, camera: 1 } as const;

export function sceneSetups(style: SceneStyle): [SceneSetup, SceneSetup, SceneSetup] {
  let s = style.seed || 1;
  const rnd = () => {
    // mulberry32
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const jitter = (r: number) => (rnd() - 0.5) * 2 * r;
  const base = style.light.azimuth;
  const turn = style.light.azimuthRange;
  // The pattern's lines (veins, plank seams) never run within 20° of level: across a flat-lay a level
  // line reads as a table's edge or a horizon, and on a floor as stripes.
  const level = style.surface.material === 'wood' || style.surface.material === 'walnut' ? Math.PI / 2 : 0;
  const OFF_LEVEL = 0.35;
  // The light, shadow and surface of one set-up; each set-up draws its own.
  const look = () => ({
    shadowLength: 0.65 + rnd() * 0.7,
    shadowSoftness: 0.7 + rnd() * 0.7,
    angle: level + OFF_LEVEL + rnd() * (Math.PI - 2 * OFF_LEVEL),
    patternScale: 0.75 + rnd() * 0.6,
    camera: jitter(SEED_RANGE.camera),
  });
  const hero: SceneSetup = {
    azimuth: base + jitter(turn),
    size: 1 + jitter(SEED_RANGE.size),
    offsetX: jitter(SEED_RANGE.offsetX),
    offsetY: jitter(SEED_RANGE.offsetY),
    ...look(),
    noiseSeed: 0,
  };
  const close: SceneSetup = {
    azimuth: Math.PI - base + jitter(turn),
    size: 1.18 + jitter(SEED_RANGE.size * 0.6),
    offsetX: jitter(SEED_RANGE.offsetX * 0.6),
    offsetY: 0.02 + jitter(SEED_RANGE.offsetY * 0.5),
    ...look(),
    noiseSeed: 0,
  };
  const wide: SceneSetup = {
    azimuth: base + 0.4 + jitter(turn),
    size: 0.8 + jitter(SEED_RANGE.size * 0.5),
    offsetX: (rnd() < 0.5 ? -1 : 1) * (0.08 + rnd() * 0.1),
    offsetY: -0.02 + jitter(SEED_RANGE.offsetY * 0.5),
    ...look(),
    noiseSeed: 0,
  };
  const setups: [SceneSetup, SceneSetup, SceneSetup] = [hero, close, wide];
  for (const setup of setups) setup.noiseSeed = Math.floor(rnd() * 2 ** 31) + 1;
  return setups;
}

/** The set-up of a marketplace white image made on the scene path (a framed photo): centred, its own size, no seed's turn. */
export function centredSetup(style: SceneStyle): SceneSetup {
  const [hero] = sceneSetups(style);
  return { ...hero, azimuth: style.light.azimuth, size: 1, offsetX: 0, offsetY: 0, camera: 0, shadowLength: 1, shadowSoftness: 1 };
}
