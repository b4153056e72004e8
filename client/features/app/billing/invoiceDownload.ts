import { useState } from 'react';
import { M } from '../../../../shared/messages';
import { toastError, toastSuccess } from '../../../lib/toast';

/** `filename="INV-1a2b3c4d.txt"` from Content-Disposition, else the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

async function save(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res, fallbackName);
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** D27: one purchase's plain-text invoice (`INV-xxxxxxxx.txt`). */
export function downloadInvoice(transactionId: string, invoiceNumber: string): Promise<void> {
  return save(`/api/invoices/${encodeURIComponent(transactionId)}`, `${invoiceNumber}.txt`);
}

/** D27 `Tümünü indir`: every invoice in one zip. */
export function downloadAllInvoices(): Promise<void> {
  return save('/api/invoices/all.zip', 'faturalar.zip');
}

/** Runs invoice downloads with their toasts and remembers which one is running. */
export function useInvoiceDownloads() {
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, task: () => Promise<void>, success: string): Promise<void> {
    if (busy) return;
    setBusy(key);
    try {
      await task();
      toastSuccess(success);
    } catch {
      toastError(M.billing.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    one: (id: string, invoiceNumber: string) => run(id, () => downloadInvoice(id, invoiceNumber), M.invoice.downloaded),
    all: () => run('all', downloadAllInvoices, M.billing.allDownloaded),
  };
}
