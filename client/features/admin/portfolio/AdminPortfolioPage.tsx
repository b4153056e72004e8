import { AspectRatio, Badge, Button, Card, Center, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { trpc } from '../../../lib/trpc';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmModal } from '../common/ConfirmModal';
import { ItemCard } from '../common/ItemCard';
import { ItemCardGrid } from '../common/ItemCardGrid';
import { useLandingItemActions } from '../common/landingItems';
import { PortfolioFormModal } from './PortfolioFormModal';

const portfolioText = M.adminPortfolio;
const itemsText = M.adminItems;

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

/** /admin/portfolio: card grid with add/edit, show/hide and delete (docs/product.md §2). */
export default function AdminPortfolioPage() {
  const query = trpc.admin.portfolio.list.useQuery(undefined, { staleTime: 0 });
  const actions = useLandingItemActions('portfolio', portfolioText.deleted);

  return (
    <Stack gap="md" maw={1280}>
      <AdminPageHeader
        title={M.admin.navPortfolio}
        subtitle={portfolioText.subtitle}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => actions.openForm(null)}>
            {portfolioText.add}
          </Button>
        }
      />
      <ItemCardGrid
        items={query.data}
        loadFailed={query.isError}
        loadFailedText={M.admin.portfolioLoadFailed}
        onRetry={() => void query.refetch()}
        emptyText={M.landing.portfolioEmpty}
        skeletonHeight={320}
        renderCard={(item) => (
          <ItemCard key={item.id} testId="portfolio-card" actions={actions.cardActions(item, item.title)}>
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
                {itemsText.order}: {item.displayOrder}
              </Badge>
            </Group>
            <Text fw={650} mt={8} lineClamp={1}>
              {item.title}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
              {item.description}
            </Text>
          </ItemCard>
        )}
      />
      <PortfolioFormModal opened={actions.formOpen} item={actions.editing} onClose={actions.closeForm} />
      <ConfirmModal
        opened={!!actions.deleting}
        title={portfolioText.deleteTitle}
        message={M.admin.confirmDeletePortfolio}
        confirmLabel={itemsText.delete}
        loading={actions.deletePending}
        onConfirm={actions.confirmDelete}
        onClose={actions.cancelDelete}
      />
    </Stack>
  );
}
