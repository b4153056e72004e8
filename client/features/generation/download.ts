import { M } from '../../../shared/messages/app';
import { fetchForDownload, saveBlob } from '../../lib/downloadBlob';
import { useDownloadRunner } from '../../lib/useDownloadRunner';

export interface DownloadFile {
  url: string;
  name: string;
}

async function fetchBlob(url: string): Promise<Blob> {
  return (await fetchForDownload(url)).blob();
}

/** One file, saved under our own name (e.g. generated-image-2.jpg). */
export async function downloadOne(file: DownloadFile): Promise<void> {
  saveBlob(await fetchBlob(file.url), file.name);
}

/** Several files in one zip (jszip, loaded only when needed); JPEG/MP4 are stored, not recompressed. */
export async function downloadZip(files: DownloadFile[], zipName: string): Promise<void> {
  const [{ default: JSZip }, fetched] = await Promise.all([
    import('jszip'),
    Promise.all(files.map(async (f) => ({ name: f.name, blob: await fetchBlob(f.url) }))),
  ]);
  const zip = new JSZip();
  for (const { name, blob } of fetched) zip.file(name, blob);
  saveBlob(await zip.generateAsync({ type: 'blob', compression: 'STORE' }), zipName);
}

/** Image download names of the generate screen (docs/product.md §9): generated-image-{n}.jpg. */
export function generatedImageName(n: number): string {
  return `generated-image-${n}.jpg`;
}

export const GENERATED_VIDEO_NAME = 'generated-video.mp4';

/** History download names (docs/product.md §9), the same the server puts in Content-Disposition. */
export function historyFileName(type: string, id: string, index: number, ext: 'jpg' | 'mp4'): string {
  return `${type}-${id}${index ? `-${index + 1}` : ''}.${ext}`;
}

export function withDownloadFlag(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** The SPEC download toasts of the generate and history screens. */
export function useDownloads() {
  return useDownloadRunner(M.generation.downloadFailed);
}
