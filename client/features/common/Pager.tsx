import { Group, Pagination, Text } from '@mantine/core';

/** Page buttons plus a "N kayıt" summary; hidden pages collapse on narrow screens. */
export function Pager({
  page,
  pageCount,
  total,
  onChange,
}: {
  page: number;
  pageCount: number;
  total: string;
  onChange: (page: number) => void;
}) {
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {total}
      </Text>
      {pageCount > 1 && <Pagination total={pageCount} value={page} onChange={onChange} size="sm" siblings={1} boundaries={1} />}
    </Group>
  );
}
