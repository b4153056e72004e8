import { useRef, useState } from 'react';
import { M } from '../../../shared/messages/app';
import { readAppError } from '../../lib/appError';
import { toastError } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSession } from '../auth/useSession';
import { useCreditBalance } from '../credits/useCreditBalance';
import { isShort } from './CostSummary';
import type { ProgressPhase } from './GenerationProgress';
import { isUnfinished, type SelectedPhoto } from './types';
import { useGeneration } from './useGeneration';
import { useJobWatcher } from './useJobWatcher';
import { useRevealOnChange } from './useRevealOnChange';

/** The part of a `generations.createImage/createVideo` mutation a run needs. */
interface CreateMutation<TInput> {
  mutateAsync: (input: TInput) => Promise<{ id: string }>;
  isPending: boolean;
}

interface GenerationRunOptions<TInput> {
  create: CreateMutation<TInput>;
  /** Credits one run costs (site settings). */
  cost: number;
  /** Toast when a job this screen started completes. */
  successText: string;
  /** The refusal when the photo or another required field is empty. */
  incompleteText: string;
  /** Server field errors shown before the general message, in this order. */
  fieldOrder: readonly (keyof TInput & string)[];
  /** What this tab had before (activeJob) or what was handed over. */
  initial: { photo: SelectedPhoto | null; jobId: string | null; jobPhoto: SelectedPhoto | null };
}

/**
 * The flow both generate screens share: the chosen photo and its upload, the start with its
 * guards and refusals (inline alert + toast), and the live job it started (progress phase,
 * completed or failed result, end toasts, scroll into view on phones).
 */
export function useGenerationRun<TInput>({ create, cost, successText, incompleteText, fieldOrder, initial }: GenerationRunOptions<TInput>) {
  const { user } = useSession();
  const { balance } = useCreditBalance();
  const utils = trpc.useUtils();

  const [photo, setPhoto] = useState<SelectedPhoto | null>(initial.photo);
  const [jobId, setJobId] = useState<string | null>(initial.jobId);
  /** The photo the job was started with (the image screen hands it to the video screen). */
  const [jobPhoto, setJobPhoto] = useState<SelectedPhoto | null>(initial.jobPhoto);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** The request the server refused for want of a trustworthy cut-out, waiting for the seller's answer. */
  const [framedAsk, setFramedAsk] = useState<TInput | null>(null);

  // Guards against a double click before the mutation reports pending.
  const starting = useRef(false);
  const jobQuery = useGeneration(jobId);
  const job = jobQuery.data;
  const { watch } = useJobWatcher(job, successText);

  const running = create.isPending || (!!jobId && !jobQuery.isError && (!job || isUnfinished(job.status)));
  const busy = running || uploading;
  const resultRef = useRevealOnChange(`${running}:${job?.status ?? ''}`);
  const phase: ProgressPhase = !job || create.isPending ? 'starting' : job.status === 'queued' ? 'queued' : 'processing';
  const completed = job?.status === 'completed' && job.outputs.length > 0 ? job : null;
  const failed = job?.status === 'failed' ? job : null;

  // A job that no longer exists (e.g. another account's leftover) is forgotten (during render:
  // React's "adjusting state when data changes", no effect).
  if (jobId && jobQuery.error && readAppError(jobQuery.error).appCode === 'NOT_FOUND') setJobId(null);

  function refuse(message: string) {
    setFormError(message);
    toastError(message);
  }

  /** The Generate button: `build` makes the request from the chosen photo, or null while a required field is empty. */
  async function start(build: (photo: SelectedPhoto) => TInput | null) {
    if (starting.current || busy) return;
    setFormError(null);
    const input = photo && build(photo);
    if (!photo || !input) return refuse(incompleteText);
    if (!user) return refuse(M.generation.userNotLoaded);
    if (isShort(balance, cost)) return refuse(M.generation.insufficient);
    await send(photo, input);
  }

  async function send(chosen: SelectedPhoto, input: TInput) {
    starting.current = true;
    try {
      const { id } = await create.mutateAsync(input);
      watch(id);
      setJobId(id);
      setJobPhoto(chosen);
      void utils.credits.balance.invalidate();
      void utils.generations.list.invalidate();
    } catch (err) {
      const info = readAppError(err);
      // No trustworthy cut-out: nothing was charged; the seller is asked whether the photo may run framed.
      if (info.appCode === 'NEEDS_FRAMED_CONSENT') return setFramedAsk(input);
      const fields = info.fieldErrors ?? {};
      refuse(fieldOrder.map((name) => fields[name]).find(Boolean) ?? info.message);
      if (info.appCode === 'INSUFFICIENT_CREDITS') void utils.credits.balance.invalidate();
      // The server no longer knows this upload: choose the photo again.
      if (info.appCode === 'NOT_FOUND') setPhoto(null);
    } finally {
      starting.current = false;
    }
  }

  /**
   * A photo chosen (or cleared). Another product's photo clears the finished run's results and their
   * export menu from the page (issue 38 item 8); the run stays in the history. A running job is kept.
   */
  function choosePhoto(next: SelectedPhoto | null) {
    setPhoto(next);
    if (next && jobId && !running && jobPhoto?.uploadId !== next.uploadId) {
      setJobId(null);
      setJobPhoto(null);
    }
  }

  /** The seller's answer to "Ürün ayrılamadı; fotoğrafınız çerçeveli kullanılsın mı?". */
  function answerFramed(agree: boolean) {
    const input = framedAsk;
    setFramedAsk(null);
    if (!agree) return refuse(M.studio.needsConsent);
    if (input && photo && !starting.current) void send(photo, { ...input, allowFramed: true });
  }

  return {
    photo,
    setPhoto: choosePhoto,
    jobId,
    jobPhoto,
    setUploading,
    formError,
    /** The last refusal was `incompleteText` (the pages mark the empty fields). */
    incomplete: formError === incompleteText,
    running,
    busy,
    phase,
    progress: job?.progress ?? 0,
    completed,
    failed,
    resultRef,
    start,
    /** True while the framed-run question is open (FramedConsentModal). */
    askingFramed: framedAsk !== null,
    answerFramed,
  };
}

/** What the shared screen parts read; `start` stays with the page, typed by its own request. */
export type GenerationRun = Omit<ReturnType<typeof useGenerationRun>, 'start'>;
