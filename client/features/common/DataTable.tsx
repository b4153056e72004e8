import { Box, Card, Stack, Table, Text, type CardProps, type TableTrProps, type MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pager } from './Pager';

/** `data-*` attributes a row or card carries for tests and styles. */
type DataAttributes = { [name: `data-${string}`]: string | boolean | undefined };

export interface DataColumn<Row> {
  key: string;
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  /** Keep the cell on one line (dates, amounts). */
  nowrap?: boolean;
  width?: number;
}

export interface DataTableProps<Row> {
  /** Undefined while the first page loads: neither rows nor the empty text are shown. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  columns: DataColumn<Row>[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Shown in place of the rows when there are none: a text, or a designed empty state. */
  empty: ReactNode;
  rowProps?: (row: Row) => TableTrProps & DataAttributes;
  /**
   * The phone layout: one card per row under `cardsBelow`, the table from there up. Without it
   * the table is shown on every width.
   */
  card?: (row: Row) => ReactNode;
  cardProps?: (row: Row) => CardProps & DataAttributes;
  cardsBelow?: MantineBreakpoint;
  /** Above the table, inside its card (a section title). */
  caption?: ReactNode;
  spacing?: 'xs' | 'sm';
  highlightOnHover?: boolean;
  pager?: { page: number; pageCount: number; total: string; onChange: (page: number) => void };
  /** Already inside a card (a page section): no card of its own around the table; phone cards get a border. */
  bare?: boolean;
  /** A new page is loading over the old rows (react-query placeholder data): they are dimmed. */
  stale?: boolean;
}

/**
 * A list of rows (admin lists, the billing transactions): a table on wide screens, cards on
 * phones, a designed empty state and a pager.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, card, cardsBelow = 'md', bare = false } = props;
  const empty =
    rows &&
    rows.length === 0 &&
    (typeof props.empty === 'string' ? (
      <Text c="dimmed" ta="center" py="xl">
        {props.empty}
      </Text>
    ) : (
      props.empty
    ));
  const Frame = bare ? Box : Card;
  return (
    <Box style={props.stale ? { opacity: 0.6, transition: 'opacity 120ms ease' } : undefined}>
      <Frame {...(bare ? {} : { padding: 0 })} visibleFrom={card ? cardsBelow : undefined}>
        {props.caption}
        <Table.ScrollContainer minWidth={props.minWidth}>
          <Table verticalSpacing={props.spacing ?? 'sm'} horizontalSpacing="md" highlightOnHover={props.highlightOnHover}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) => (
                  <Table.Th key={c.key} ta={c.align} w={c.width}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows?.map((row) => (
                <Table.Tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                  {props.columns.map((c) => (
                    <Table.Td key={c.key} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {empty}
      </Frame>

      {card && (
        <Stack gap="sm" hiddenFrom={cardsBelow}>
          {rows?.map((row) => (
            <Card key={props.rowKey(row)} padding={bare ? 'sm' : 'md'} withBorder={bare} {...props.cardProps?.(row)}>
              {card(row)}
            </Card>
          ))}
          {empty}
        </Stack>
      )}

      {props.pager && <Pager {...props.pager} />}
    </Box>
  );
}
