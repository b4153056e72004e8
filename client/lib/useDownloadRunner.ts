import { useState } from 'react';
import { toastError, toastSuccess } from './toast';

/**
 * Runs downloads with a success toast or `failedText`, and remembers which one is running
 * (for button loading states); a click while one is running is ignored.
 */
export function useDownloadRunner(failedText: string) {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(key: string, task: () => Promise<void>, success: string): Promise<void> {
    if (busy) return;
    setBusy(key);
    try {
      await task();
      toastSuccess(success);
    } catch {
      toastError(failedText);
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
