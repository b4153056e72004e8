import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { M } from './messages/public';

/**
 * Password strength by zxcvbn-ts (a maintained estimator: breached-password lists, English words and
 * names, keyboard patterns, dates, repeats, l33t and reversed variants), told in Turkish. Turkish
 * words people build passwords from are added as one more dictionary, so "Galatasaray1905" or
 * "s1fre123" are judged by the same rules as "Password1".
 */
/** Turkish letters as typed on a keyboard without them. */
const FOLD: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };
const asciiFold = (word: string) => word.replace(/[çğıöşü]/g, (c) => FOLD[c]!);

const TURKISH_WORDS = [
  'sifre',
  'şifre',
  'parola',
  'sifresifre',
  'galatasaray',
  'fenerbahce',
  'fenerbahçe',
  'besiktas',
  'beşiktaş',
  'trabzonspor',
  'turkiye',
  'türkiye',
  'istanbul',
  'ankara',
  'izmir',
  'bursa',
  'antalya',
  'askim',
  'aşkım',
  'seniseviyorum',
  'sevgilim',
  'canim',
  'canım',
  'bebegim',
  'bebeğim',
  'annem',
  'babam',
  'kardesim',
  'merhaba',
  'selam',
  'allah',
  'mehmet',
  'mustafa',
  'ahmet',
  'ali',
  'ayse',
  'ayşe',
  'fatma',
  'emine',
  'zeynep',
  'elif',
  'hatice',
  'yilmaz',
  'yılmaz',
  'kaya',
  'demir',
  'sahin',
  'şahin',
  'celik',
  'çelik',
  'yildiz',
  'yıldız',
  'ozturk',
  'öztürk',
  'aydin',
  'aydın',
  'arslan',
  'dogan',
  'doğan',
  'kilic',
  'kılıç',
  'vitrin',
  'magaza',
  'mağaza',
  'dukkan',
  'dükkan',
  'satici',
  'satıcı',
  'urun',
  'ürün',
  'gs1905',
  'fb1907',
  'bjk1903',
  'ts1967',
].flatMap((w) => [w, asciiFold(w)]);

/** The weakest score accepted for a new password (zxcvbn: 0 too guessable … 4 very unguessable). */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | null = null;
/** Built on first use: the dictionaries are large and most requests never need them. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: M.passwordStrength,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary, turkish: TURKISH_WORDS },
  });
  return factory;
}

export type PasswordVerdict = { score: ZxcvbnResult['score']; ok: boolean; feedback: string };

/**
 * How guessable a password is, with what to do about it in Turkish. `userInputs` are the account's
 * own words (e-mail, name, company), which make a password weak when it is built from them.
 */
export function judgePassword(password: string, userInputs: ReadonlyArray<string | null | undefined> = []): PasswordVerdict {
  const words = userInputs
    .flatMap((v) => (v ? v.toLocaleLowerCase('tr-TR').split(/[^\p{L}\p{N}]+/u) : []))
    .filter((w) => w.length >= 3)
    // "Ayşe Yılmaz" is typed "ayseyilmaz" on a keyboard without Turkish letters.
    .flatMap((w) => [w, asciiFold(w)]);
  const result = estimator().check(password.slice(0, 100), words);
  const parts = [result.feedback.warning, ...result.feedback.suggestions].filter((p): p is string => !!p);
  return { score: result.score, ok: result.score >= MIN_PASSWORD_SCORE, feedback: parts.join(' ') };
}
