/**
 * The most common passwords (the top of the public breach-corpus lists, plus Turkish
 * favourites), refused for new passwords. Lower-cased; compared after lower-casing.
 */
const COMMON_PASSWORDS = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '654321', '987654321', '0123456789',
  '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999', '000000',
  '112233', '121212', '123123', '123321', '123654', '131313', '147258', '147258369', '159357', '159753', '7777777',
  '11111111', '00000000', '123abc', 'abc123', 'abcdef', 'abcd1234', 'a12345', 'a123456', 'aa123456', '1q2w3e',
  '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', 'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop', 'qazwsx',
  '1qaz2wsx', 'zxcvbn', 'zxcvbnm', 'asdfgh', 'asdfghjkl', 'password', 'password1', 'password12', 'password123',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'iloveyou', 'letmein', 'welcome', 'welcome1', 'monkey', 'dragon', 'master',
  'sunshine', 'princess', 'football', 'baseball', 'shadow', 'superman', 'michael', 'charlie', 'jennifer', 'jordan',
  'trustno1', 'whatever', 'freedom', 'starwars', 'hello123', 'admin', 'admin123', 'administrator', 'root123',
  'changeme', 'secret', 'secret1', 'test123', 'test1234', 'guest123', 'default', 'computer', 'internet',
  // Turkish favourites
  'sifre', 'sifre1', 'sifre12', 'sifre123', 'şifre', 'şifre1', 'şifre123', 'parola', 'parola1', 'parola123',
  'sifresifre', 'galatasaray', 'fenerbahce', 'fenerbahçe', 'besiktas', 'beşiktaş', 'trabzonspor', 'turkiye',
  'türkiye', 'istanbul', 'ankara', 'izmir', 'askim', 'aşkım', 'seniseviyorum', 'qwerty1234', 'ankara06',
  'istanbul34', 'izmir35', '1905', '1907', '1903', 'gs1905', 'fb1907', 'bjk1903', 'asdasd', 'asd123', 'qweasd',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLocaleLowerCase('tr-TR')) || COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
