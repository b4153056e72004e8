import { Input, NumberInput, Rating, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';
import { ZTestimonialFields, type TTestimonialFields } from '../../../../shared/schemas/admin';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { ImageUrlField } from '../common/ImageUrlField';
import { ItemFormModal } from '../common/ItemFormModal';
import { useLandingItemForm } from '../common/useLandingItemForm';

type Item = RouterOutputs['admin']['testimonials']['list'][number];
const testimonialsText = M.adminTestimonials;
const itemsText = M.adminItems;
const L = M.adminLanguages;

const EMPTY: TTestimonialFields = {
  name: '',
  company: '',
  imageUrl: '',
  text: '',
  textEn: '',
  rating: 5,
  displayOrder: 0,
  isActive: true,
};

/** Add / edit a testimonial (docs/product.md §5: rating 1-5, default 5; order default 0; image by URL or upload). */
export function TestimonialFormModal({ opened, item, onClose }: { opened: boolean; item: Item | null; onClose: () => void }) {
  const create = trpc.admin.testimonials.create.useMutation();
  const update = trpc.admin.testimonials.update.useMutation();
  const { form, submit } = useLandingItemForm({
    section: 'testimonials',
    schema: ZTestimonialFields,
    opened,
    editing: item && {
      id: item.id,
      values: {
        name: item.name,
        company: item.company ?? '',
        imageUrl: item.imageUrl ?? '',
        text: item.text,
        textEn: item.textEn ?? '',
        rating: item.rating,
        displayOrder: item.displayOrder,
        isActive: item.isActive,
      },
    },
    empty: EMPTY,
    save: (data) => (item ? update.mutateAsync({ ...data, id: item.id }) : create.mutateAsync(data)),
    savedText: item ? testimonialsText.updated : testimonialsText.created,
    onClose,
  });

  return (
    <ItemFormModal
      opened={opened}
      title={item ? testimonialsText.editTitle : testimonialsText.addTitle}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label={testimonialsText.name} withAsterisk {...form.getInputProps('name')} />
        <TextInput label={testimonialsText.company} {...form.getInputProps('company')} />
      </SimpleGrid>
      <ImageUrlField
        label={testimonialsText.image}
        value={form.values.imageUrl ?? ''}
        onChange={(v) => form.setFieldValue('imageUrl', v)}
        error={form.errors.imageUrl}
      />
      {/* The quote in Turkish and, beside it, in English (issue 38 item 5). */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea label={L.turkish(testimonialsText.text)} withAsterisk autosize minRows={3} maxRows={8} {...form.getInputProps('text')} />
        <Textarea
          label={L.english(testimonialsText.text)}
          description={L.englishHint}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('textEn')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Input.Wrapper label={testimonialsText.rating} error={form.errors.rating}>
          <Rating
            mt={6}
            size="lg"
            value={Number(form.values.rating) || 0}
            onChange={(v) => form.setFieldValue('rating', v)}
            aria-label={testimonialsText.rating}
          />
        </Input.Wrapper>
        <NumberInput
          label={itemsText.order}
          description={itemsText.orderHint}
          allowDecimal={false}
          {...form.getInputProps('displayOrder')}
        />
      </SimpleGrid>
      <Switch label={itemsText.active} {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </ItemFormModal>
  );
}
