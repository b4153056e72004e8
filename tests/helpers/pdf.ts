import { expect } from 'vitest';
import { execFileSync } from 'node:child_process';

/**
 * A PDF's text as poppler's `pdftotext` reads it (what an accountant's tools see), with its
 * lines. Needs poppler-utils (`apt-get install -y poppler-utils`; .ci/run installs it).
 */
export function pdfText(pdf: Buffer): string {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}
