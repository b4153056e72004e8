/**
 * Turkish identity and tax numbers, checked by their published check-digit rules (used by the
 * invoice details form in the browser and again on the server).
 */

/**
 * T.C. Kimlik No: 11 digits, the first not 0; the 10th digit is
 * ((d1+d3+d5+d7+d9)·7 − (d2+d4+d6+d8)) mod 10 and the 11th is (d1+…+d10) mod 10.
 */
export function isValidTckn(value: string): boolean {
  if (!/^[1-9][0-9]{10}$/.test(value)) return false;
  const d = (i: number) => Number(value[i]);
  const odd = d(0) + d(2) + d(4) + d(6) + d(8);
  const even = d(1) + d(3) + d(5) + d(7);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== d(9)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += d(i);
  return sum % 10 === d(10);
}

/**
 * Vergi Kimlik No: 10 digits. For each of the first nine digits (i = 0…8):
 * t = (d[i] + 9 − i) mod 10; p = t·2^(9−i) mod 9, with p = 9 when t ≠ 0 and p = 0.
 * The last digit is (10 − (Σp mod 10)) mod 10.
 */
export function isValidVkn(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  const d = (i: number) => Number(value[i]);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const t = (d(i) + 9 - i) % 10;
    if (t === 0) continue;
    const p = (t * 2 ** (9 - i)) % 9;
    sum += p === 0 ? 9 : p;
  }
  return (10 - (sum % 10)) % 10 === d(9);
}
