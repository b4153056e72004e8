import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { M } from '../../../../shared/messages';
import { PORTFOLIO_CATEGORIES, ZPortfolioFields, type TPortfolioFields } from '../../../../shared/schemas/admin';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { ImageUrlField } from '../common/ImageUrlField';

type Item = RouterOutputs['admin']['portfolio']['list'][number];
const P = M.adminPortfolio;
const I = M.adminItems;

const EMPTY: TPortfolioFields = {
  title: '',
  description: '',
  category: 'Mobilya',
  beforeImageUrl: '',
  afterImageUrl: '',
  displayOrder: 0,
  isActive: true,
};

/** Add / edit a reference work (SPEC §5 fields; category defaults to Mobilya, order to 0). */
export function PortfolioFormModal({ opened, item, onClose }: { opened: boolean; item: Item | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.portfolio.create.useMutation();
  const update = trpc.admin.portfolio.update.useMutation();
  const form = useForm<TPortfolioFields>({ mode: 'controlled', initialValues: EMPTY, validate: zod4Resolver(ZPortfolioFields) });

  useEffect(() => {
    if (!opened) return;
    const values: TPortfolioFields = item
      ? {
          title: item.title,
          description: item.description,
          category: item.category,
          beforeImageUrl: item.beforeImageUrl,
          afterImageUrl: item.afterImageUrl,
          displayOrder: item.displayOrder,
          isActive: item.isActive,
        }
      : EMPTY;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, item?.id]);

  const submit = form.onSubmit(async (values) => {
    const parsed = ZPortfolioFields.safeParse(values);
    if (!parsed.success) return;
    try {
      if (item) await update.mutateAsync({ ...parsed.data, id: item.id });
      else await create.mutateAsync(parsed.data);
      toastSuccess(item ? P.updated : P.created);
      void utils.admin.portfolio.list.invalidate();
      void utils.admin.content.list.invalidate();
      void utils.content.landing.invalidate();
      onClose();
    } catch (err) {
      showFormServerError(form, err, M.admin.saveFailed);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={item ? P.editTitle : P.addTitle} size="lg" centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={P.title} withAsterisk {...form.getInputProps('title')} />
          <Textarea label={P.description} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select label={P.category} data={[...PORTFOLIO_CATEGORIES]} allowDeselect={false} {...form.getInputProps('category')} />
            <NumberInput label={I.order} description={I.orderHint} allowDecimal={false} {...form.getInputProps('displayOrder')} />
          </SimpleGrid>
          <ImageUrlField
            label={P.before}
            required
            value={form.values.beforeImageUrl}
            onChange={(v) => form.setFieldValue('beforeImageUrl', v)}
            error={form.errors.beforeImageUrl}
          />
          <ImageUrlField
            label={P.after}
            required
            value={form.values.afterImageUrl}
            onChange={(v) => form.setFieldValue('afterImageUrl', v)}
            error={form.errors.afterImageUrl}
          />
          <Switch label={I.active} {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {M.common.cancel}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {M.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
