/**
 * The seller's Turkish prompt in English, for scene models that read English only (Bria's
 * product shot says so, and refuses special characters). Offline and deterministic: the words
 * a product-photo prompt uses (materials, surfaces, colours, light, time, places, mood) from a
 * glossary; words it does not know are left out rather than guessed. The seller's own words
 * stay in the run's parameters; this text is only what the model is sent.
 */
const GLOSSARY: Array<[RegExp, string]> = [
  // Surfaces and materials
  [/mermer/, 'marble'],
  [/ahşap|tahta/, 'wooden'],
  [/beton/, 'concrete'],
  [/keten/, 'linen'],
  [/kağıt|kagit/, 'paper'],
  [/taş(?![a-zçğıöşü])|taşlar|kaya/, 'stone'],
  [/kum(?![a-zçğıöşü])|kumsal|plaj/, 'sand beach'],
  [/cam(?![a-zçğıöşü])/, 'glass'],
  [/metal|çelik/, 'metal'],
  [/deri(?![a-zçğıöşü])/, 'leather'],
  [/kumaş/, 'fabric'],
  [/seramik/, 'ceramic'],
  [/tezgah/, 'countertop'],
  [/masa/, 'table'],
  [/raf/, 'shelf'],
  [/zemin|yer(?![a-zçğıöşü])/, 'floor'],
  [/duvar/, 'wall'],
  [/çiçek/, 'flowers'],
  [/yaprak|bitki/, 'green plants'],
  [/su(?![a-zçğıöşü])|suyu/, 'water'],
  [/kar(?![a-zçğıöşü])|karlı/, 'snow'],
  // Colours
  [/beyaz/, 'white'],
  [/siyah/, 'black'],
  [/gri(?![a-zçğıöşü])/, 'grey'],
  [/kırmızı/, 'red'],
  [/mavi/, 'blue'],
  [/yeşil/, 'green'],
  [/sarı/, 'yellow'],
  [/turuncu/, 'orange'],
  [/pembe/, 'pink'],
  [/mor(?![a-zçğıöşü])/, 'purple'],
  [/kahverengi/, 'brown'],
  [/bej(?![a-zçğıöşü])/, 'beige'],
  [/altın/, 'golden'],
  [/pastel/, 'pastel'],
  // Light and time
  [/gün batımı|günbatımı/, 'sunset light'],
  [/gün doğumu/, 'sunrise light'],
  [/sabah/, 'morning light'],
  [/akşam/, 'evening light'],
  [/gece/, 'night'],
  [/sıcak/, 'warm light'],
  [/soğuk/, 'cool light'],
  [/dramatik/, 'dramatic light'],
  [/yumuşak/, 'soft light'],
  [/aydınlık|parlak/, 'bright light'],
  [/karanlık|koyu/, 'dark'],
  [/gölge/, 'shadows'],
  [/doğal ışık|gün ışığı/, 'natural daylight'],
  // Places
  [/mutfak/, 'kitchen'],
  [/banyo/, 'bathroom'],
  [/salon|oturma odası/, 'living room'],
  [/yatak odası/, 'bedroom'],
  [/ofis|çalışma/, 'office desk'],
  [/dış mekan|açık hava|bahçe/, 'outdoors garden'],
  [/orman/, 'forest'],
  [/deniz|sahil/, 'seaside'],
  [/stüdyo/, 'studio'],
  [/kafe|kahve/, 'cafe'],
  // Mood
  [/minimal|sade/, 'minimalist'],
  [/lüks|şık/, 'luxury'],
  [/modern/, 'modern'],
  [/rustik|köy/, 'rustic'],
  [/vintage|eski/, 'vintage'],
  [/doğal/, 'natural'],
  [/yaz(?![a-zçğıöşü])|yazlık/, 'summer'],
  [/kış/, 'winter'],
  [/bahar|ilkbahar/, 'spring'],
  [/sonbahar/, 'autumn'],
];

/** Without a word it knows, the model still gets a scene that suits a listing. */
const FALLBACK = 'on a clean tabletop in a bright studio, soft natural light';

export type SceneDescription = { english: string; understood: string[] };

export function sceneDescription(prompt: string): SceneDescription {
  const text = prompt.toLocaleLowerCase('tr-TR');
  const words: string[] = [];
  for (const [pattern, english] of GLOSSARY) {
    // A word starts the match (Turkish adds suffixes, so the end stays open unless the entry closes it).
    if (new RegExp(`(?<![a-zçğıöşü])(?:${pattern.source})`).test(text) && !words.includes(english)) words.push(english);
  }
  const english = words.length ? `product photo, ${words.join(', ')}` : FALLBACK;
  // Bria's product shot accepts letters, digits, spaces and commas only.
  return {
    english: english
      .replace(/[^A-Za-z0-9 ,]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    understood: words,
  };
}
