import { NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';
import { PORTFOLIO_CATEGORIES, ZPortfolioFields, type TPortfolioFields } from '../../../../shared/schemas/admin';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { ImageUrlField } from '../common/ImageUrlField';
import { ItemFormModal } from '../common/ItemFormModal';
import { useLandingItemForm } from '../common/useLandingItemForm';

type Item = RouterOutputs['admin']['portfolio']['list'][number];
const portfolioText = M.adminPortfolio;
const itemsText = M.adminItems;
const L = M.adminLanguages;

const EMPTY: TPortfolioFields = {
  title: '',
  titleEn: '',
  description: '',
  descriptionEn: '',
  category: 'Mobilya',
  beforeImageUrl: '',
  afterImageUrl: '',
  displayOrder: 0,
  isActive: true,
};

/** Add / edit a reference work (docs/product.md §5 fields; category defaults to Mobilya, order to 0). */
export function PortfolioFormModal({ opened, item, onClose }: { opened: boolean; item: Item | null; onClose: () => void }) {
  const create = trpc.admin.portfolio.create.useMutation();
  const update = trpc.admin.portfolio.update.useMutation();
  const { form, submit } = useLandingItemForm({
    section: 'portfolio',
    schema: ZPortfolioFields,
    opened,
    editing: item && {
      id: item.id,
      values: {
        title: item.title,
        titleEn: item.titleEn ?? '',
        description: item.description,
        descriptionEn: item.descriptionEn ?? '',
        category: item.category,
        beforeImageUrl: item.beforeImageUrl,
        afterImageUrl: item.afterImageUrl,
        displayOrder: item.displayOrder,
        isActive: item.isActive,
      },
    },
    empty: EMPTY,
    save: (data) => (item ? update.mutateAsync({ ...data, id: item.id }) : create.mutateAsync(data)),
    savedText: item ? portfolioText.updated : portfolioText.created,
    onClose,
  });

  return (
    <ItemFormModal
      opened={opened}
      title={item ? portfolioText.editTitle : portfolioText.addTitle}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      {/* Title and description in Turkish and, beside them, in English (issue 38 item 5). */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={L.turkish(portfolioText.title)} withAsterisk {...form.getInputProps('title')} />
        <TextInput label={L.english(portfolioText.title)} description={L.englishHint} {...form.getInputProps('titleEn')} />
        <Textarea label={L.turkish(portfolioText.description)} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
        <Textarea
          label={L.english(portfolioText.description)}
          description={L.englishHint}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('descriptionEn')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select label={portfolioText.category} data={[...PORTFOLIO_CATEGORIES]} allowDeselect={false} {...form.getInputProps('category')} />
        <NumberInput
          label={itemsText.order}
          description={itemsText.orderHint}
          allowDecimal={false}
          {...form.getInputProps('displayOrder')}
        />
      </SimpleGrid>
      <ImageUrlField
        label={portfolioText.before}
        required
        value={form.values.beforeImageUrl}
        onChange={(v) => form.setFieldValue('beforeImageUrl', v)}
        error={form.errors.beforeImageUrl}
      />
      <ImageUrlField
        label={portfolioText.after}
        required
        value={form.values.afterImageUrl}
        onChange={(v) => form.setFieldValue('afterImageUrl', v)}
        error={form.errors.afterImageUrl}
      />
      <Switch label={itemsText.active} {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </ItemFormModal>
  );
}
