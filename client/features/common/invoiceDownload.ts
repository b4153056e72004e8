import { M } from '../../../shared/messages/app';
import { fetchForDownload, saveBlob } from '../../lib/downloadBlob';
import { useDownloadRunner } from '../../lib/useDownloadRunner';

/** `filename="Fatura-VTR2026000000001.pdf"` from Content-Disposition, else the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** The server names the file (Content-Disposition); the fallback covers an answer without the header. */
async function save(url: string, fallbackName: string): Promise<void> {
  const res = await fetchForDownload(url);
  saveBlob(await res.blob(), fileNameOf(res, fallbackName));
}

/** One purchase's PDF invoice. */
export function downloadInvoice(transactionId: string, invoiceNumber: string): Promise<void> {
  return save(`/api/invoices/${encodeURIComponent(transactionId)}`, M.invoice.fileName(invoiceNumber));
}

/** `Tümünü indir`: every invoice in one zip. */
export function downloadAllInvoices(): Promise<void> {
  return save('/api/invoices/all.zip', 'faturalar.zip');
}

/** Runs invoice downloads with their toasts and remembers which one is running. */
export function useInvoiceDownloads() {
  const { busy, run } = useDownloadRunner(M.billing.downloadFailed);
  return {
    busy,
    one: (id: string, invoiceNumber: string) => run(id, () => downloadInvoice(id, invoiceNumber), M.invoice.downloaded),
    all: () => run('all', downloadAllInvoices, M.billing.allDownloaded),
  };
}
