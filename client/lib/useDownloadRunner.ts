import { useState } from 'react';
import { toastError, toastSuccess } from './toast';
import { DownloadRefused } from './downloadBlob';

/**
 * Runs downloads with a success toast, or the server's own reason (e.g. a limit with when to try
 * again) or else `failedText`, and remembers which one is running
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
    } catch (err) {
      toastError(err instanceof DownloadRefused ? err.message : failedText);
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
