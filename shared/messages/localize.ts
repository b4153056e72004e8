import { activeLanguage, type Language } from './language';

/**
 * The shape every language must fill: the Turkish catalogue's keys with its texts widened to
 * `string` (and text functions to the same parameters). A key missing in a translation is a
 * type error at that key ("Property 'x' is missing …"); an extra key is an excess-property error.
 */
export type Texts<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Texts<R>
    : { readonly [K in keyof T]: Texts<T[K]> };

/** Turkish text → the same text per language, for texts frozen in at load time (zod messages). */
const translations: Array<{ tr: unknown; en: unknown }> = [];
let reverse: Map<string, string> | null = null;

/**
 * `M`: the Turkish catalogue's shape, answering in the active language at the moment a text is
 * read (nested objects are lazy views too, so `const V = M.validation` at module level still
 * follows the language). A text a translation lacks at run time falls back to Turkish.
 */
export function localized<T extends object>(tr: T, en: Texts<T>): T {
  const byLanguage: Record<Language, unknown> = { tr, en };
  translations.push({ tr, en });
  reverse = null;
  const views = new Map<string, object>();
  const at = (root: unknown, path: readonly PropertyKey[]) =>
    path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k] : undefined), root);

  function view(path: readonly PropertyKey[], target: object): object {
    const id = path.join('\u0000');
    const known = views.get(id);
    if (known) return known;
    const proxy: object = new Proxy(target, {
      get(turkish, key) {
        if (typeof key === 'symbol') return Reflect.get(turkish, key);
        const fallback = (turkish as Record<string, unknown>)[key];
        const found = at(byLanguage[activeLanguage()], [...path, key]);
        const value = found === undefined ? fallback : found;
        if (value && typeof value === 'object' && fallback && typeof fallback === 'object') return view([...path, key], fallback);
        return value;
      },
      getOwnPropertyDescriptor(turkish, key): PropertyDescriptor | undefined {
        const d = Reflect.getOwnPropertyDescriptor(turkish, key);
        return d && 'value' in d ? { ...d, value: (proxy as Record<PropertyKey, unknown>)[key] } : d;
      },
    });
    views.set(id, proxy);
    return proxy;
  }
  return view([], tr) as T;
}

/**
 * A Turkish catalogue text in the active language (zod messages are written into the schemas
 * when they load, in Turkish); any other text is returned as it is.
 */
export function translateText(text: string): string {
  const language = activeLanguage();
  if (language === 'tr') return text;
  if (!reverse) {
    reverse = new Map();
    const walk = (tr: unknown, en: unknown) => {
      if (typeof tr === 'string' && typeof en === 'string') {
        if (!reverse!.has(tr)) reverse!.set(tr, en);
      } else if (tr && typeof tr === 'object' && en && typeof en === 'object') {
        for (const k of Object.keys(tr)) walk((tr as Record<string, unknown>)[k], (en as Record<string, unknown>)[k]);
      }
    };
    for (const pair of translations) walk(pair.tr, pair.en);
  }
  return reverse.get(text) ?? text;
}

/**
 * A module-level value built from texts (a menu's links, a label table), rebuilt once per
 * language: `const LINKS = perLanguage(() => [{ label: M.nav.home, … }])` reads like the plain
 * constant everywhere it is used, in the language active when it is read.
 */
export function perLanguage<T extends object>(build: () => T): T {
  const built = new Map<Language, T>();
  const current = (): T => {
    const language = activeLanguage();
    let value = built.get(language);
    if (!value) built.set(language, (value = build()));
    return value;
  };
  const first = current();
  return new Proxy(first, {
    get: (_t, key) => Reflect.get(current(), key),
    has: (_t, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(current(), key);
      // The target's own descriptor decides configurability (a proxy invariant), e.g. an array's length.
      return d && { ...d, configurable: Reflect.getOwnPropertyDescriptor(first, key)?.configurable ?? true };
    },
  });
}
