import { Code, Table, Text } from '@mantine/core';
import { M } from '../../../../shared/messages/admin';

const logsText = M.adminLogs;

function show(v: unknown): string {
  if (v === undefined) return '—';
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  return JSON.stringify(v, null, 2);
}

/** Keys of old and new values side by side; changed values highlighted (a JSON diff, readable). */
export function LogDiff({
  oldValues,
  newValues,
}: {
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
}) {
  const keys = [...new Set([...Object.keys(oldValues ?? {}), ...Object.keys(newValues ?? {})])];
  if (keys.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{logsText.field}</Table.Th>
            <Table.Th>{logsText.oldValue}</Table.Th>
            <Table.Th>{logsText.newValue}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => {
            const before = oldValues?.[k];
            const after = newValues?.[k];
            const changed = JSON.stringify(before) !== JSON.stringify(after);
            return (
              <Table.Tr key={k}>
                <Table.Td>
                  <Code>{k}</Code>
                </Table.Td>
                <Table.Td bg={changed && before !== undefined ? 'var(--mantine-color-red-light)' : undefined}>
                  <Text
                    size="sm"
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    c={before === undefined ? 'dimmed' : undefined}
                  >
                    {show(before)}
                  </Text>
                </Table.Td>
                <Table.Td bg={changed && after !== undefined ? 'var(--mantine-color-teal-light)' : undefined}>
                  <Text
                    size="sm"
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    c={after === undefined ? 'dimmed' : undefined}
                  >
                    {show(after)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
