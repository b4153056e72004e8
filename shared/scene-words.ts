/**
 * The Turkish words the local studio understands in a prompt, in one table: the server's scene plan
 * turns each into a visible change, and the generate page shows the seller which of their words
 * were understood as they type. Words are matched after `foldTurkish`, so "ahsap" finds "ahşap".
 */
export type SceneWordKind = 'material' | 'colour' | 'light' | 'time' | 'mood' | 'setting';

export type Material = 'solid' | 'marble' | 'granite' | 'wood' | 'walnut' | 'concrete' | 'linen' | 'paper' | 'sand' | 'grass' | 'tile';
export type LightWord = 'warm' | 'cool' | 'sunset' | 'dramatic' | 'soft' | 'bright';
export type TimeWord = 'morning' | 'noon' | 'evening' | 'night';
export type MoodWord = 'minimal' | 'luxury' | 'natural' | 'romantic' | 'lively' | 'calm';
export type SettingWord = 'kitchen' | 'bathroom' | 'outdoor' | 'living' | 'beach' | 'office';
export type ColourWord =
  | 'navy'
  | 'white'
  | 'black'
  | 'red'
  | 'blue'
  | 'green'
  | 'yellow'
  | 'orange'
  | 'pink'
  | 'purple'
  | 'grey'
  | 'beige'
  | 'brown'
  | 'gold'
  | 'pastel';

type Entry<K extends SceneWordKind, V extends string> = { kind: K; value: V; words: readonly string[] };

/**
 * A word matches the start of a prompt word (Turkish suffixes: "mermerde" finds "mermer"); one
 * ending in a space matches only whole ("park " is not "parke", "sade " not "sadece").
 * Longer phrases first where a shorter word is part of them ("koyu ahsap" before "ahsap"). */
export const SCENE_WORDS = {
  material: [
    { kind: 'material', value: 'marble', words: ['mermer', 'marble'] },
    { kind: 'material', value: 'granite', words: ['granit', 'tas '] },
    { kind: 'material', value: 'walnut', words: ['ceviz', 'koyu ahsap'] },
    { kind: 'material', value: 'wood', words: ['ahsap', 'mese', 'parke', 'tahta', 'wood', 'oak'] },
    { kind: 'material', value: 'concrete', words: ['beton', 'cimento', 'concrete'] },
    { kind: 'material', value: 'linen', words: ['keten', 'kumas', 'pamuk', 'linen', 'kadife'] },
    { kind: 'material', value: 'paper', words: ['kagit', 'karton', 'paper'] },
    { kind: 'material', value: 'sand', words: ['kum ', 'plaj', 'sahil'] },
    { kind: 'material', value: 'grass', words: ['cim ', 'cimen', 'bahce'] },
    { kind: 'material', value: 'tile', words: ['fayans', 'seramik', 'karo'] },
    { kind: 'material', value: 'solid', words: ['duz renk', 'duz zemin', 'sade zemin', 'fon '] },
  ] satisfies Entry<'material', Material>[],
  colour: [
    { kind: 'colour', value: 'navy', words: ['lacivert'] },
    { kind: 'colour', value: 'white', words: ['beyaz'] },
    { kind: 'colour', value: 'black', words: ['siyah', 'antrasit'] },
    { kind: 'colour', value: 'red', words: ['kirmizi', 'bordo'] },
    { kind: 'colour', value: 'blue', words: ['mavi', 'turkuaz'] },
    { kind: 'colour', value: 'green', words: ['yesil', 'zumrut'] },
    { kind: 'colour', value: 'yellow', words: ['sari', 'hardal'] },
    { kind: 'colour', value: 'orange', words: ['turuncu'] },
    { kind: 'colour', value: 'pink', words: ['pembe', 'pudra'] },
    { kind: 'colour', value: 'purple', words: ['mor ', 'lila'] },
    { kind: 'colour', value: 'grey', words: ['gri'] },
    { kind: 'colour', value: 'beige', words: ['bej', 'krem'] },
    { kind: 'colour', value: 'brown', words: ['kahverengi'] },
    { kind: 'colour', value: 'gold', words: ['altin', 'gold'] },
    { kind: 'colour', value: 'pastel', words: ['pastel'] },
  ] satisfies Entry<'colour', ColourWord>[],
  light: [
    { kind: 'light', value: 'sunset', words: ['gun batimi', 'gunbatimi', 'sunset'] },
    { kind: 'light', value: 'dramatic', words: ['dramatik', 'karanlik', 'los ', 'spot'] },
    { kind: 'light', value: 'warm', words: ['sicak', 'altin isik'] },
    { kind: 'light', value: 'cool', words: ['soguk', 'serin', 'buz'] },
    { kind: 'light', value: 'soft', words: ['yumusak', 'dagink', 'hafif isik'] },
    { kind: 'light', value: 'bright', words: ['aydinlik', 'parlak', 'ferah', 'gunesli', 'dogal isik'] },
  ] satisfies Entry<'light', LightWord>[],
  time: [
    { kind: 'time', value: 'morning', words: ['sabah', 'safak'] },
    { kind: 'time', value: 'noon', words: ['ogle', 'ogleden', 'gunduz'] },
    { kind: 'time', value: 'evening', words: ['aksam', 'ikindi'] },
    { kind: 'time', value: 'night', words: ['gece', 'mum isigi'] },
  ] satisfies Entry<'time', TimeWord>[],
  mood: [
    { kind: 'mood', value: 'minimal', words: ['minimal', 'sade ', 'yalin'] },
    { kind: 'mood', value: 'luxury', words: ['luks', 'premium', 'sik ', 'zarif'] },
    { kind: 'mood', value: 'natural', words: ['dogal', 'organik', 'rustik'] },
    { kind: 'mood', value: 'romantic', words: ['romantik', 'sevgililer'] },
    { kind: 'mood', value: 'lively', words: ['canli', 'enerjik', 'renkli', 'eglenceli'] },
    { kind: 'mood', value: 'calm', words: ['sakin', 'huzurlu', 'dingin'] },
  ] satisfies Entry<'mood', MoodWord>[],
  setting: [
    { kind: 'setting', value: 'kitchen', words: ['mutfak', 'tezgah'] },
    { kind: 'setting', value: 'bathroom', words: ['banyo', 'lavabo'] },
    { kind: 'setting', value: 'beach', words: ['plaj', 'sahil', 'deniz'] },
    { kind: 'setting', value: 'outdoor', words: ['dis mekan', 'disarida', 'bahce', 'doga', 'park ', 'parkta', 'orman'] },
    { kind: 'setting', value: 'living', words: ['salon', 'oturma odasi', 'yatak odasi', 'living'] },
    { kind: 'setting', value: 'office', words: ['ofis', 'calisma masasi'] },
  ] satisfies Entry<'setting', SettingWord>[],
} as const;

/**
 * What the offline studio cannot draw (issue 38 item 7), in one list: it paints surfaces, walls, light
 * and shadow, never objects or views. Each entry is a thing a prompt may ask for, found by the same
 * matching as SCENE_WORDS; the page names the seller's own word and says the cloud model can draw it
 * (the texts: `M.scene.notDrawn`). Setting words are understood for their surface and colours
 * (SCENE_WORDS.setting), so "mutfak" is both: a marble counter, but no cupboards.
 */
export const NOT_DRAWN_OFFLINE = [
  { thing: 'plants', words: ['bitki', 'cicek', 'saksi', 'yaprak', 'orkide', 'kaktus', 'plant', 'flower'] },
  { thing: 'sea', words: ['plaj', 'sahil', 'deniz', 'dalga', 'okyanus', 'beach', 'sea '] },
  { thing: 'trees', words: ['orman', 'agac', 'park ', 'parkta', 'forest', 'tree'] },
  { thing: 'kitchen', words: ['mutfak', 'kitchen'] },
  { thing: 'bathroom', words: ['banyo', 'lavabo', 'bathroom'] },
  { thing: 'office', words: ['ofis', 'calisma masasi', 'office'] },
  { thing: 'room', words: ['salon', 'oturma odasi', 'yatak odasi', 'living'] },
  { thing: 'window', words: ['pencere', 'perde', 'window'] },
  { thing: 'props', words: ['kitaplar', 'vazo', 'mum ', 'mumlar', 'vase', 'candle'] },
  { thing: 'people', words: ['manken', 'insan', 'person'] },
] as const;
export type UndrawnThing = (typeof NOT_DRAWN_OFFLINE)[number]['thing'];

/** Folded pieces of a prompt, each remembering the prompt word it came from (punctuation may split one). */
function promptPieces(prompt: string) {
  const original = prompt.split(/\s+/).filter(Boolean);
  const pieces = original.flatMap((w, i) =>
    foldTurkish(w)
      .split(' ')
      .filter(Boolean)
      .map((piece) => ({ piece, i })),
  );
  return { original, pieces, text: ` ${pieces.map((p) => p.piece).join(' ')} ` };
}

/** The first of `words` in the prompt: where it starts and the seller's own word(s) for it. */
function firstOf(p: ReturnType<typeof promptPieces>, words: readonly string[]): { at: number; word: string } | null {
  let best: { at: number; len: number } | null = null;
  for (const word of words) {
    const at = p.text.indexOf(` ${word}`);
    if (at >= 0 && (!best || at < best.at)) best = { at, len: word.trim().split(' ').length };
  }
  if (!best) return null;
  const first = p.text
    .slice(0, best.at + 1)
    .trim()
    .split(' ')
    .filter(Boolean).length;
  const from = p.pieces[first]!.i;
  const to = p.pieces[Math.min(p.pieces.length - 1, first + best.len - 1)]!.i;
  const word = p.original
    .slice(from, to + 1)
    .join(' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return { at: best.at, word };
}

/** The things of NOT_DRAWN_OFFLINE a prompt asks for, in the prompt's order, with the seller's word. */
export function undrawnWords(prompt: string): { thing: UndrawnThing; word: string }[] {
  const p = promptPieces(prompt);
  return NOT_DRAWN_OFFLINE.flatMap((entry) => {
    const hit = firstOf(p, entry.words);
    return hit ? [{ thing: entry.thing as UndrawnThing, word: hit.word, at: hit.at }] : [];
  })
    .sort((a, b) => a.at - b.at)
    .map(({ thing, word }) => ({ thing, word }));
}

/** Lower-case, Turkish-aware, diacritics folded, punctuation to spaces. */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/ı/g, 'i')
    .replace(/ş/g, 's')
    .replace(/ğ/g, 'g')
    .replace(/ü/g, 'u')
    .replace(/ö/g, 'o')
    .replace(/ç/g, 'c')
    .replace(/[âà]/g, 'a')
    .replace(/î/g, 'i')
    .replace(/û/g, 'u')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type UnderstoodWord = { kind: SceneWordKind; value: string; word: string };

/**
 * Each kind's first understood entry (the first one in the prompt wins), with the seller's own word
 * as written. A word matches at the start of a prompt word, so Turkish suffixes still match
 * ("mermerde", "sıcacık" → "sicak").
 */
export function understoodWords(prompt: string): UnderstoodWord[] {
  const p = promptPieces(prompt);
  const found: UnderstoodWord[] = [];
  for (const kind of Object.keys(SCENE_WORDS) as SceneWordKind[]) {
    let best: { at: number; value: string; word: string } | null = null;
    for (const entry of SCENE_WORDS[kind]) {
      const hit = firstOf(p, entry.words);
      if (hit && (!best || hit.at < best.at)) best = { ...hit, value: entry.value };
    }
    if (best) found.push({ kind, value: best.value, word: best.word });
  }
  return found;
}
