import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { M } from '../../../../shared/messages/admin';
import { LoadError } from '../../common/LoadError';

interface ItemCardGridProps<T extends { id: string; isActive: boolean }> {
  items: T[] | undefined;
  loadFailed: boolean;
  loadFailedText: string;
  onRetry: () => void;
  emptyText: string;
  /** Height of the loading placeholders, about one card. */
  skeletonHeight: number;
  renderCard: (item: T) => ReactNode;
}

/** The item count (all / shown) above a three-column card grid, with its load error, loading and empty states. */
export function ItemCardGrid<T extends { id: string; isActive: boolean }>({
  items,
  loadFailed,
  loadFailedText,
  onRetry,
  emptyText,
  skeletonHeight,
  renderCard,
}: ItemCardGridProps<T>) {
  return (
    <>
      {items && (
        <Text size="sm" c="dimmed" mt={-8}>
          {M.adminItems.total(items.length, items.filter((i) => i.isActive).length)}
        </Text>
      )}
      {loadFailed && !items ? (
        <LoadError message={loadFailedText} onRetry={onRetry} minHeight="30vh" />
      ) : !items ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={skeletonHeight} radius="lg" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center">
            {emptyText}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map(renderCard)}
        </SimpleGrid>
      )}
    </>
  );
}
