import { expect, test } from 'vitest';
import { failureMessage } from '../../server/jobs/worker';
import { ProviderError } from '../../server/providers/ai';
import { messagesFor } from '../../shared/messages';

/**
 * Issue 35 (6): when the AI service (fal.ai) cannot be reached, the run's failure tells the seller
 * the service is temporarily unavailable and the credit was returned, in both languages; it no
 * longer blames the seller's own connection. (tests/generation/provider-outage.test.ts runs the
 * real outage and checks that this is the text the failed run carries.)
 */
test('fal unreachable: the seller is told the service is unavailable and the credit was returned', () => {
  const unreachable = new ProviderError('network', { retryable: true, detail: 'connect ECONNREFUSED 127.0.0.1:443' });
  const tr = failureMessage('image', unreachable);
  expect(tr).toBe(messagesFor('tr').generation.network);
  expect(tr).toBe('Üretim servisi geçici olarak kullanılamıyor; krediniz iade edildi. Lütfen biraz sonra tekrar deneyin.');
  expect(failureMessage('video', unreachable)).toBe(tr);
  const en = messagesFor('en').generation.network;
  expect(en).toBe('The generation service is temporarily unavailable; your credit has been returned. Please try again shortly.');
  for (const text of [tr, en]) expect(text).not.toMatch(/bağlantınızı|İnternet|your connection/i);
});
