import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import type { z } from 'zod';
import { M } from '../../../../shared/messages/admin';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { useRefreshLandingItems, type LandingSection } from './landingItems';

interface LandingItemFormOptions<Values extends Record<string, unknown>, Parsed> {
  section: LandingSection;
  schema: z.ZodType<Parsed, Values>;
  opened: boolean;
  /** The edited item's id and its current values; null when adding. */
  editing: { id: string; values: Values } | null;
  /** The values of a new item. */
  empty: Values;
  /** Create or update with the checked values. */
  save: (data: Parsed) => Promise<unknown>;
  /** Toast after a successful save. */
  savedText: string;
  onClose: () => void;
}

/**
 * The add/edit form of a landing item: filled again each time it opens (or another item is
 * chosen); on submit it saves, toasts, refreshes the landing and closes, or shows the
 * server's refusal under the fields.
 */
export function useLandingItemForm<Values extends Record<string, unknown>, Parsed>({
  section,
  schema,
  opened,
  editing,
  empty,
  save,
  savedText,
  onClose,
}: LandingItemFormOptions<Values, Parsed>) {
  const refresh = useRefreshLandingItems(section);
  const form = useForm<Values>({ mode: 'controlled', initialValues: empty, validate: zod4Resolver(schema) });

  useEffect(() => {
    if (!opened) return;
    const values = editing ? editing.values : empty;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, editing?.id]);

  const submit = form.onSubmit(async (values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    try {
      await save(parsed.data);
      toastSuccess(savedText);
      refresh();
      onClose();
    } catch (err) {
      showFormServerError(form, err, M.admin.saveFailed);
    }
  });

  return { form, submit };
}
