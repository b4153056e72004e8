import type { TSavePreferences } from '../../../../shared/schemas/preferences';
import { M } from '../../../../shared/messages/app';
import { readAppError } from '../../../lib/appError';
import { toastError, toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';

/** Saves one settings section and keeps the cached preferences in step. */
export function useSavePreferences() {
  const utils = trpc.useUtils();
  const mutation = trpc.auth.savePreferences.useMutation();

  async function save(input: TSavePreferences, successText: string): Promise<boolean> {
    try {
      const prefs = await mutation.mutateAsync(input);
      utils.auth.preferences.setData(undefined, prefs);
      toastSuccess(successText);
      return true;
    } catch (err) {
      const info = readAppError(err);
      toastError(info.network || info.appCode ? info.message : M.settings.saveFailed);
      return false;
    }
  }

  return { save, pending: mutation.isPending };
}
