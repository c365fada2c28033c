import { Box, Card, Group, Stack, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TableScroll } from '../ui/table-scroll';

/**
 * Where a column's value goes on a phone's card: `title` and `subtitle` stack at the top left, `aside`
 * sits at the top right beside the row's actions, `body` lines follow under them, `hidden` is left out.
 */
export type CardPlace = 'title' | 'subtitle' | 'aside' | 'body' | 'hidden';

export interface ListColumn<Row> {
  key: string;
  /** The table's column heading. */
  header: string;
  /** The table cell's content. */
  cell: (row: Row) => ReactNode;
  /** Where the value goes on a card; `body` unless said. */
  card?: CardPlace;
  /** The card's content when it differs from the table cell's (e.g. the email under the name in a table). */
  cardCell?: (row: Row) => ReactNode;
  /** `false`: a line of the card only (the table shows it inside another column's cell). */
  inTable?: boolean;
  /** The server's (or the screen's) sort key: the heading becomes a button. */
  sortKey?: string;
  align?: 'right';
  maw?: number;
  miw?: number;
  w?: number;
  nowrap?: boolean;
}

export type SortOrder = 'asc' | 'desc';

export interface ListSort {
  key: string;
  order: SortOrder;
  onSort: (key: string) => void;
}

interface ListViewProps<Row> {
  rows: Row[];
  /** A row's key (React's): the record's `_id`, or this for rows that have none. */
  rowKey?: (row: Row) => string;
  columns: ListColumn<Row>[];
  /** The list's accessible name (the cards' list). */
  label: string;
  /** The row's buttons (usually <RowActions>), last column of the table and top right of a card. */
  actions?: (row: Row) => ReactNode;
  /** The table's narrowest width before it scrolls sideways. */
  minWidth: number;
  /** From which width the table replaces the cards. */
  wideFrom?: '48em' | '62em';
  /** `cards` keeps the cards at every width (a list whose rows are too uneven for a table). */
  layout?: 'responsive' | 'cards';
  sort?: ListSort;
}

/** Rows that are records (with an `_id`) need no `rowKey`; other rows say theirs. */
type RowKeyProp<Row> = Row extends { _id: string } ? unknown : { rowKey: (row: Row) => string };

/** What the table and the cards are given: the row's key resolved. */
type ListPartProps<Row> = Omit<ListViewProps<Row>, 'rowKey'> & { rowKey: (row: Row) => string };

const recordId = (row: unknown) => (row as { _id: string })._id;

/** One list of records from one column definition: cards on a phone, a table on a wide screen. */
export function ListView<Row>({ rows, rowKey = recordId, columns, label, actions, minWidth, wideFrom = '62em', layout = 'responsive', sort }: ListViewProps<Row> & RowKeyProp<Row>) {
  // Read at first render (no flash of the wrong layout): the signed-in screens are never rendered on the server.
  const wide = useMediaQuery(`(min-width: ${wideFrom})`, true, { getInitialValueInEffect: false });
  if (!wide || layout === 'cards') return <ListCards rows={rows} rowKey={rowKey} columns={columns} label={label} actions={actions} />;
  return <ListTable rows={rows} rowKey={rowKey} columns={columns} actions={actions} minWidth={minWidth} sort={sort} />;
}

function placeOf<Row>(column: ListColumn<Row>): CardPlace {
  return column.card ?? 'body';
}

function ListCards<Row>({ rows, rowKey, columns, label, actions }: Pick<ListPartProps<Row>, 'rows' | 'rowKey' | 'columns' | 'label' | 'actions'>) {
  const cardValue = (column: ListColumn<Row>, row: Row) => (column.cardCell ?? column.cell)(row);
  const top = columns.filter((column) => placeOf(column) === 'title' || placeOf(column) === 'subtitle');
  const aside = columns.filter((column) => placeOf(column) === 'aside');
  const body = columns.filter((column) => placeOf(column) === 'body');
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {rows.map((row) => (
        <Card key={rowKey(row)} component="li" withBorder radius="md" padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {top.map((column) => (
                <Box key={column.key}>{cardValue(column, row)}</Box>
              ))}
            </Stack>
            {aside.length > 0 || actions ? (
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                {aside.map((column) => (
                  <Box key={column.key}>{cardValue(column, row)}</Box>
                ))}
                {actions?.(row)}
              </Group>
            ) : null}
          </Group>
          {body.map((column) => (
            <Box key={column.key} mt="xs">
              {cardValue(column, row)}
            </Box>
          ))}
        </Card>
      ))}
    </Stack>
  );
}

function ListTable<Row>({ rows, rowKey, columns: allColumns, actions, minWidth, sort }: Pick<ListPartProps<Row>, 'rows' | 'rowKey' | 'columns' | 'actions' | 'minWidth' | 'sort'>) {
  const columns = allColumns.filter((column) => column.inTable !== false);
  return (
    <TableScroll minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sortKey && sort ? (
                <SortHeader key={column.key} label={column.header} sortKey={column.sortKey} sort={sort} />
              ) : (
                <Table.Th key={column.key} ta={column.align} w={column.w}>
                  {column.header}
                </Table.Th>
              ),
            )}
            {actions ? (
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.align} maw={column.maw} miw={column.miw} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              {actions ? <Table.Td>{actions(row)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function SortHeader({ label, sortKey, sort }: { label: string; sortKey: string; sort: ListSort }) {
  const active = sort.key === sortKey;
  const SortIcon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => sort.onSort(sortKey)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <SortIcon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
