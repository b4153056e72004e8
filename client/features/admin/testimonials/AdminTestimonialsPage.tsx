import { Avatar, Badge, Button, Group, Rating, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/admin';
import { trpc } from '../../../lib/trpc';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { ItemCard } from '../common/ItemCard';
import { ItemCardGrid } from '../common/ItemCardGrid';
import { useLandingItemActions } from '../common/landingItems';
import { TestimonialFormModal } from './TestimonialFormModal';
import { initials } from '../../../lib/format';

const testimonialsText = M.adminTestimonials;
const itemsText = M.adminItems;

/** /admin/testimonials: card grid with add/edit, show/hide and delete (docs/product.md §2). */
export default function AdminTestimonialsPage() {
  const query = trpc.admin.testimonials.list.useQuery(undefined, { staleTime: 0 });
  const actions = useLandingItemActions('testimonials', testimonialsText.deleted);

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader
        title={M.admin.navTestimonials}
        subtitle={testimonialsText.subtitle}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => actions.openForm(null)}>
            {testimonialsText.add}
          </Button>
        }
      />
      <ItemCardGrid
        items={query.data}
        loadFailed={query.isError}
        loadFailedText={M.admin.testimonialsLoadFailed}
        onRetry={() => void query.refetch()}
        emptyText={testimonialsText.empty}
        skeletonHeight={240}
        renderCard={(item) => (
          <ItemCard key={item.id} testId="testimonial-card" actions={actions.cardActions(item, item.name)}>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={item.imageUrl || null} alt={item.name} radius="xl" size={44} color="brand">
                {initials(item.name)}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={650} truncate>
                  {item.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {item.company || '—'}
                </Text>
              </div>
              <Badge variant="outline" color="gray" radius="sm">
                {itemsText.order}: {item.displayOrder}
              </Badge>
            </Group>
            <Rating value={item.rating} readOnly size="sm" mt="sm" role="img" aria-label={M.landing.ratingLabel(item.rating)} />
            <Text size="sm" mt={8} lineClamp={4} mih={60} style={{ flex: 1 }}>
              “{item.text}”
            </Text>
          </ItemCard>
        )}
      />
      <TestimonialFormModal opened={actions.formOpen} item={actions.editing} onClose={actions.closeForm} />
      <ConfirmModal
        opened={!!actions.deleting}
        title={testimonialsText.deleteTitle}
        message={M.admin.confirmDeleteTestimonial}
        confirmLabel={itemsText.delete}
        loading={actions.deletePending}
        onConfirm={actions.confirmDelete}
        onClose={actions.cancelDelete}
      />
    </Stack>
  );
}
