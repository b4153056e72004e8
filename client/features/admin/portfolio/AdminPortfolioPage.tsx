import { AspectRatio, Badge, Button, Card, Center, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhotoOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { LoadError } from '../../common/LoadError';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { toastAdminError } from '../common/errors';
import { ItemActions } from '../common/ItemActions';
import { PortfolioFormModal } from './PortfolioFormModal';

type Item = RouterOutputs['admin']['portfolio']['list'][number];
const P = M.adminPortfolio;
const I = M.adminItems;

function Picture({ src, label }: { src: string; label: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <div style={{ position: 'relative' }}>
      <AspectRatio ratio={4 / 3}>
        {broken ? (
          <Center bg="gray.1">
            <IconPhotoOff size={24} stroke={1.5} color="var(--mantine-color-gray-5)" />
          </Center>
        ) : (
          <Image src={src} alt={label} fit="cover" onError={() => setBroken(true)} />
        )}
      </AspectRatio>
      <Badge size="xs" variant="filled" color="dark" style={{ position: 'absolute', left: 6, top: 6, opacity: 0.8 }}>
        {label}
      </Badge>
    </div>
  );
}

/** /admin/portfolio: card grid with add/edit, show/hide and delete (SPEC §2). */
export default function AdminPortfolioPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.portfolio.list.useQuery(undefined, { staleTime: 0 });
  const [editing, setEditing] = useState<Item | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const refresh = () => {
    void utils.admin.portfolio.list.invalidate();
    void utils.admin.content.list.invalidate();
    void utils.content.landing.invalidate();
  };
  const toggle = trpc.admin.portfolio.toggle.useMutation({
    onSuccess: (item) => {
      toastSuccess(item.isActive ? I.shownNow : I.hiddenNow);
      refresh();
    },
    onError: (e) => toastAdminError(e, M.admin.actionFailed),
  });
  const remove = trpc.admin.portfolio.delete.useMutation({
    onSuccess: () => {
      toastSuccess(P.deleted);
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
        title={M.admin.navPortfolio}
        subtitle={P.subtitle}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
            {P.add}
          </Button>
        }
      />
      {items && (
        <Text size="sm" c="dimmed" mt={-8}>
          {I.total(items.length, items.filter((i) => i.isActive).length)}
        </Text>
      )}
      {query.isError && !items ? (
        <LoadError message={M.admin.portfolioLoadFailed} onRetry={() => void query.refetch()} minHeight="30vh" />
      ) : !items ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={320} radius="lg" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center">
            {M.landing.portfolioEmpty}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((item) => (
            <Card key={item.id} padding="md" data-testid="portfolio-card" style={{ opacity: item.isActive ? 1 : 0.7 }}>
              <Card.Section>
                <SimpleGrid cols={2} spacing={2}>
                  <Picture src={item.beforeImageUrl} label={M.landing.before} />
                  <Picture src={item.afterImageUrl} label={M.landing.after} />
                </SimpleGrid>
              </Card.Section>
              <Group gap={6} mt="sm" wrap="nowrap">
                <Badge variant="light" radius="sm">
                  {item.category}
                </Badge>
                <Badge variant="outline" color="gray" radius="sm">
                  {I.order}: {item.displayOrder}
                </Badge>
              </Group>
              <Text fw={650} mt={8} lineClamp={1}>
                {item.title}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
                {item.description}
              </Text>
              <Card.Section withBorder inheritPadding py="xs" mt="sm">
                <ItemActions
                  name={item.title}
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
      <PortfolioFormModal opened={formOpen} item={editing} onClose={() => setFormOpen(false)} />
      <ConfirmModal
        opened={!!deleting}
        title={P.deleteTitle}
        message={M.admin.confirmDeletePortfolio}
        confirmLabel={I.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
