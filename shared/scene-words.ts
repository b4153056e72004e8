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
  const original = prompt.split(/\s+/).filter(Boolean);
  // Folded pieces, each remembering the prompt word it came from (punctuation may split one).
  const pieces = original.flatMap((w, i) =>
    foldTurkish(w)
      .split(' ')
      .filter(Boolean)
      .map((piece) => ({ piece, i })),
  );
  const text = ` ${pieces.map((p) => p.piece).join(' ')} `;
  const found: UnderstoodWord[] = [];
  for (const kind of Object.keys(SCENE_WORDS) as SceneWordKind[]) {
    let best: { at: number; value: string; len: number } | null = null;
    for (const entry of SCENE_WORDS[kind]) {
      for (const word of entry.words) {
        const at = text.indexOf(` ${word}`);
        if (at >= 0 && (!best || at < best.at)) best = { at, value: entry.value, len: word.trim().split(' ').length };
      }
    }
    if (!best) continue;
    const first = text
      .slice(0, best.at + 1)
      .trim()
      .split(' ')
      .filter(Boolean).length;
    const from = pieces[first]!.i;
    const to = pieces[Math.min(pieces.length - 1, first + best.len - 1)]!.i;
    const word = original
      .slice(from, to + 1)
      .join(' ')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    found.push({ kind, value: best.value, word });
  }
  return found;
}
