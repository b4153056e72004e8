import { useEffect, useMemo, useState } from 'react';
import { M } from '../../../../shared/messages/app';
import { BATCH_MAX_PHOTOS, type TBatchItem } from '../../../../shared/schemas/batch';
import type { CutoutVerdict } from '../../../../shared/schemas/generations';
import { trpc } from '../../../lib/trpc';
import { isUnfinished } from '../../generation/types';
import { checkPhotoFile, uploadPhoto } from '../../generation/uploadPhoto';

export type BatchRow = {
  key: string;
  file: File;
  preview: string;
  /**
   * Before the batch exists: waiting, uploading, or refused (with its Turkish reason); `framed`: no
   * trustworthy cut-out, waiting for the seller's one answer for all such photos.
   */
  phase: 'waiting' | 'uploading' | 'rejected' | 'started' | 'framed';
  uploadId?: string;
  generationId?: string;
  error?: string;
  /** The cut-out gate's verdict for the photo (null: not judged, e.g. on fal). */
  cutout?: CutoutVerdict | null;
  /** Runs framed because the seller agreed. */
  framed?: boolean;
};
type Row = BatchRow;

/**
 * A batch's photos and its run (issue 12 (docs/history.md)): photos picked (at most BATCH_MAX_PHOTOS), then on start
 * each is checked and uploaded, and all that passed become one `batch.create`; the batch is then
 * polled until every generation has finished.
 */
export function useBatchRun() {
  const [rows, setRows] = useState<Row[]>([]);
  const [prompt, setPrompt] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const create = trpc.batch.create.useMutation();
  const utils = trpc.useUtils();

  const batch = trpc.batch.get.useQuery(
    { batchId: batchId ?? '00000000-0000-4000-8000-000000000000' },
    {
      enabled: !!batchId,
      refetchInterval: (q) => (q.state.data?.items.some((g) => isUnfinished(g.status)) === false ? false : 1500),
    },
  );
  const byGeneration = useMemo(() => new Map((batch.data?.items ?? []).map((g) => [g.id, g])), [batch.data]);
  const started = rows.filter((r) => r.generationId);
  /** Every photo the batch holds (also those waiting for consent or not started): what "x/y hazır" counts. */
  const sent = rows.filter((r) => r.uploadId);
  const finished = started.filter((r) => {
    const g = byGeneration.get(r.generationId!);
    return g && !isUnfinished(g.status);
  });
  const completed = started.filter((r) => byGeneration.get(r.generationId!)?.status === 'completed');
  const allDone = !!batchId && started.length > 0 && finished.length === started.length;

  useEffect(() => () => rows.forEach((r) => URL.revokeObjectURL(r.preview)), []); // eslint-disable-line react-hooks/exhaustive-deps

  function pick(files: File[]) {
    setPickError(null);
    if (rows.length + files.length > BATCH_MAX_PHOTOS) {
      setPickError(M.exports.batchTooMany(BATCH_MAX_PHOTOS));
      files = files.slice(0, Math.max(0, BATCH_MAX_PHOTOS - rows.length));
    }
    setRows((old) => [
      ...old,
      ...files.map((file, i) => ({
        key: `${Date.now()}-${i}-${file.name}`,
        file,
        preview: URL.createObjectURL(file),
        phase: 'waiting' as const,
      })),
    ]);
  }

  const update = (key: string, patch: Partial<Row>) => setRows((old) => old.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function start() {
    if (!rows.length || !prompt.trim()) {
      setPickError(M.generation.needPhotoAndPrompt);
      return;
    }
    setStarting(true);
    const uploaded: Array<{ key: string; uploadId: string }> = [];
    for (const row of rows) {
      update(row.key, { phase: 'uploading' });
      try {
        await checkPhotoFile(row.file);
        const { uploadId } = await uploadPhoto(row.file);
        uploaded.push({ key: row.key, uploadId });
        update(row.key, { uploadId });
      } catch (err) {
        update(row.key, { phase: 'rejected', error: err instanceof Error ? err.message : M.generation.uploadFailed });
      }
    }
    if (uploaded.length) {
      try {
        const fileNames = Object.fromEntries(
          uploaded.map((u) => [
            u.uploadId,
            rows
              .find((r) => r.key === u.key)!
              .file.name.replace(/\p{Cc}/gu, '')
              .slice(0, 255),
          ]),
        );
        const res = await create.mutateAsync({ uploadIds: uploaded.map((u) => u.uploadId), prompt, fileNames });
        apply(uploaded, res.items, false);
        setBatchId(res.batchId);
        void utils.credits.balance.invalidate();
      } catch (err) {
        setPickError(err instanceof Error ? err.message : M.generation.unknown);
        uploaded.forEach((u) => update(u.key, { phase: 'waiting' }));
      }
    }
    setStarting(false);
  }

  /** One answer per upload, in the same order. */
  function apply(sent: Array<{ key: string }>, items: TBatchItem[], framed: boolean) {
    items.forEach((item, i) => {
      const row = sent[i];
      if (!row) return;
      const cutout = item.cutout;
      if (item.generationId) update(row.key, { phase: 'started', generationId: item.generationId, cutout, framed, error: undefined });
      else if (item.needsConsent) update(row.key, { phase: 'framed', cutout, error: item.error ?? undefined });
      else update(row.key, { phase: 'rejected', cutout, error: item.error ?? undefined });
    });
  }

  /** Photos waiting for the one question "çerçeveli kullanılsın mı?". */
  const askFramed = rows.filter((r) => r.phase === 'framed' && r.uploadId);

  /** The seller's one answer for every photo without a trustworthy cut-out. */
  async function answerFramed(agree: boolean) {
    const waiting = askFramed.map((r) => ({ key: r.key, uploadId: r.uploadId! }));
    if (!agree || !batchId) {
      waiting.forEach((r) => update(r.key, { phase: 'rejected', error: M.studio.needsConsent }));
      return;
    }
    setStarting(true);
    try {
      const ids = waiting.map((r) => r.uploadId);
      const res = await create.mutateAsync({ uploadIds: ids, prompt, allowFramed: ids, batchId });
      apply(waiting, res.items, true);
      void utils.credits.balance.invalidate();
      void utils.batch.get.invalidate();
    } catch (err) {
      setPickError(err instanceof Error ? err.message : M.generation.unknown);
    }
    setStarting(false);
  }

  function reset() {
    rows.forEach((r) => URL.revokeObjectURL(r.preview));
    setRows([]);
    setBatchId(null);
    setPickError(null);
  }

  /** The editor's accepted cut-out of a photo: its new state (what a run of it would use). */
  const setCutout = (key: string, cutout: CutoutVerdict) => update(key, { cutout });

  return {
    setCutout,
    rows,
    prompt,
    setPrompt,
    pickError,
    batchId,
    starting,
    byGeneration,
    started,
    sent,
    completed,
    allDone,
    pick,
    start,
    reset,
    askFramed,
    answerFramed,
  };
}
