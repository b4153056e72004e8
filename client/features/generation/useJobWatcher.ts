import { useEffect, useRef } from 'react';
import { M } from '../../../shared/messages/app';
import { toastError, toastSuccess } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { isUnfinished, type GenerationView } from './types';

/**
 * Announces the end of jobs this screen started (or found running): the success text or the
 * job's error message, once per job; refreshes balance (refunds) and history as a fallback
 * for a missing socket.
 */
export function useJobWatcher(job: GenerationView | undefined, successText: string) {
  const utils = trpc.useUtils();
  const watched = useRef(new Set<string>());
  const id = job?.id;
  const status = job?.status;
  const errorMessage = job?.errorMessage;

  useEffect(() => {
    if (!id || !status) return;
    if (isUnfinished(status)) {
      watched.current.add(id);
      return;
    }
    if (!watched.current.delete(id)) return;
    void utils.credits.balance.invalidate();
    void utils.generations.list.invalidate();
    if (status === 'completed') toastSuccess(successText);
    else if (status === 'failed') toastError(errorMessage || M.generation.unknown);
  }, [id, status, errorMessage, successText, utils]);

  return {
    /** Call with the id of a job this screen has just started. */
    watch: (jobId: string) => watched.current.add(jobId),
  };
}
