import { Avatar, Badge, Button, Card, Group, Rating, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { LoadError } from '../../common/LoadError';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { toastAdminError } from '../common/errors';
import { ItemActions } from '../common/ItemActions';
import { TestimonialFormModal } from './TestimonialFormModal';

type Item = RouterOutputs['admin']['testimonials']['list'][number];
const T = M.adminTestimonials;
const I = M.adminItems;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toLocaleUpperCase('tr-TR'))
    .join('');
}

/** /admin/testimonials: card grid with add/edit, show/hide and delete (SPEC §2). */
export default function AdminTestimonialsPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.testimonials.list.useQuery(undefined, { staleTime: 0 });
  const [editing, setEditing] = useState<Item | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const refresh = () => {
    void utils.admin.testimonials.list.invalidate();
    void utils.admin.content.list.invalidate();
    void utils.content.landing.invalidate();
  };
  const toggle = trpc.admin.testimonials.toggle.useMutation({
    onSuccess: (item) => {
      toastSuccess(item.isActive ? I.shownNow : I.hiddenNow);
      refresh();
    },
    onError: (e) => toastAdminError(e, M.admin.actionFailed),
  });
  const remove = trpc.admin.testimonials.delete.useMutation({
    onSuccess: () => {
      toastSuccess(T.deleted);
      setDeleting(null);
      refresh();
    },
    onError: (e) => toastAdminError(e, M.admin.deleteFailed),
  });

  const items = query.data;
  const openForm = (item: Item | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader
        title={M.admin.navTestimonials}
        subtitle={T.subtitle}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
            {T.add}
          </Button>
        }
      />
      {items && (
        <Text size="sm" c="dimmed" mt={-8}>
          {I.total(items.length, items.filter((i) => i.isActive).length)}
        </Text>
      )}
      {query.isError && !items ? (
        <LoadError message={M.admin.testimonialsLoadFailed} onRetry={() => void query.refetch()} minHeight="30vh" />
      ) : !items ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={240} radius="lg" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center">
            {T.empty}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((item) => (
            <Card key={item.id} padding="md" data-testid="testimonial-card" style={{ opacity: item.isActive ? 1 : 0.7 }}>
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
                  {I.order}: {item.displayOrder}
                </Badge>
              </Group>
              <Rating value={item.rating} readOnly size="sm" mt="sm" aria-label={M.landing.ratingLabel(item.rating)} />
              <Text size="sm" mt={8} lineClamp={4} mih={60} style={{ flex: 1 }}>
                “{item.text}”
              </Text>
              <Card.Section withBorder inheritPadding py="xs" mt="sm">
                <ItemActions
                  name={item.name}
                  active={item.isActive}
                  toggling={toggle.isPending && toggle.variables?.id === item.id}
                  onToggle={(isActive) => toggle.mutate({ id: item.id, isActive })}
                  onEdit={() => openForm(item)}
                  onDelete={() => setDeleting(item)}
                />
              </Card.Section>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <TestimonialFormModal opened={formOpen} item={editing} onClose={() => setFormOpen(false)} />
      <ConfirmModal
        opened={!!deleting}
        title={T.deleteTitle}
        message={M.admin.confirmDeleteTestimonial}
        confirmLabel={I.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
