import { Button, Group, Input, Modal, NumberInput, Rating, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { M } from '../../../../shared/messages';
import { ZTestimonialFields, type TTestimonialFields } from '../../../../shared/schemas/admin';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { ImageUrlField } from '../common/ImageUrlField';

type Item = RouterOutputs['admin']['testimonials']['list'][number];
const T = M.adminTestimonials;
const I = M.adminItems;

const EMPTY: TTestimonialFields = { name: '', company: '', imageUrl: '', text: '', rating: 5, displayOrder: 0, isActive: true };

/** Add / edit a testimonial (SPEC §5: rating 1-5, default 5; order default 0; image by URL or upload). */
export function TestimonialFormModal({ opened, item, onClose }: { opened: boolean; item: Item | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.testimonials.create.useMutation();
  const update = trpc.admin.testimonials.update.useMutation();
  const form = useForm<TTestimonialFields>({ mode: 'controlled', initialValues: EMPTY, validate: zod4Resolver(ZTestimonialFields) });

  useEffect(() => {
    if (!opened) return;
    const values: TTestimonialFields = item
      ? {
          name: item.name,
          company: item.company ?? '',
          imageUrl: item.imageUrl ?? '',
          text: item.text,
          rating: item.rating,
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
    const parsed = ZTestimonialFields.safeParse(values);
    if (!parsed.success) return;
    try {
      if (item) await update.mutateAsync({ ...parsed.data, id: item.id });
      else await create.mutateAsync(parsed.data);
      toastSuccess(item ? T.updated : T.created);
      void utils.admin.testimonials.list.invalidate();
      void utils.admin.content.list.invalidate();
      void utils.content.landing.invalidate();
      onClose();
    } catch (err) {
      showFormServerError(form, err, M.admin.saveFailed);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={item ? T.editTitle : T.addTitle} size="lg" centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={T.name} withAsterisk {...form.getInputProps('name')} />
            <TextInput label={T.company} {...form.getInputProps('company')} />
          </SimpleGrid>
          <ImageUrlField
            label={T.image}
            value={form.values.imageUrl ?? ''}
            onChange={(v) => form.setFieldValue('imageUrl', v)}
            error={form.errors.imageUrl}
          />
          <Textarea label={T.text} withAsterisk autosize minRows={3} maxRows={8} {...form.getInputProps('text')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Input.Wrapper label={T.rating} error={form.errors.rating}>
              <Rating
                mt={6}
                size="lg"
                value={Number(form.values.rating) || 0}
                onChange={(v) => form.setFieldValue('rating', v)}
                aria-label={T.rating}
              />
            </Input.Wrapper>
            <NumberInput label={I.order} description={I.orderHint} allowDecimal={false} {...form.getInputProps('displayOrder')} />
          </SimpleGrid>
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
