import { useState } from 'react';
import { M } from '../../../shared/messages';
import { toastError, toastSuccess } from '../../lib/toast';

export interface DownloadFile {
  url: string;
  name: string;
}

async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** Saves a blob under `name` (object URL → temporary <a download>). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** One file, saved under our own name (e.g. generated-image-2.jpg). */
export async function downloadOne(file: DownloadFile): Promise<void> {
  saveBlob(await fetchBlob(file.url), file.name);
}

/** Several files in one zip (jszip, loaded only when needed); JPEG/MP4 are stored, not recompressed. */
export async function downloadZip(files: DownloadFile[], zipName: string): Promise<void> {
  const [{ default: JSZip }, blobs] = await Promise.all([import('jszip'), Promise.all(files.map((f) => fetchBlob(f.url)))]);
  const zip = new JSZip();
  files.forEach((f, i) => zip.file(f.name, blobs[i]));
  saveBlob(await zip.generateAsync({ type: 'blob', compression: 'STORE' }), zipName);
}

/** Image download names of the generate screen (SPEC §9): generated-image-{n}.jpg. */
export function generatedImageName(n: number): string {
  return `generated-image-${n}.jpg`;
}

export const GENERATED_VIDEO_NAME = 'generated-video.mp4';

/** History download names (SPEC §9), the same the server puts in Content-Disposition. */
export function historyFileName(type: string, id: string, index: number, ext: 'jpg' | 'mp4'): string {
  return `${type}-${id}${index ? `-${index + 1}` : ''}.${ext}`;
}

export function withDownloadFlag(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/**
 * Runs downloads with the SPEC toasts and remembers which one is running (for button
 * loading states); a second click on a running download is ignored.
 */
export function useDownloads() {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(key: string, task: () => Promise<void>, success: string): Promise<void> {
    if (busy) return;
    setBusy(key);
    try {
      await task();
      toastSuccess(success);
    } catch {
      toastError(M.generation.downloadFailed);
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
