import type { ReactNode } from 'react';
import type { ListColumn } from './list-view';

interface TitleColumnsOptions<Row> {
  key: string;
  header: string;
  /** The record's name, usually a link to its page. */
  title: (row: Row) => ReactNode;
  /** The dimmed line about it (an email, a code, its standard). */
  subtitle: (row: Row) => ReactNode;
  /** The subtitle's own column key (a card line only). */
  subtitleKey: string;
  sortKey?: string;
}

/**
 * A list's first column: the record's name with a dimmed line under it in the table; on a phone's card
 * the name is the card's title and the line its subtitle.
 */
export function titleColumns<Row>({ key, header, title, subtitle, subtitleKey, sortKey }: TitleColumnsOptions<Row>): ListColumn<Row>[] {
  return [
    {
      key,
      header,
      sortKey,
      card: 'title',
      cell: (row) => (
        <>
          {title(row)}
          {subtitle(row)}
        </>
      ),
      cardCell: title,
    },
    { key: subtitleKey, header: '', card: 'subtitle', inTable: false, cell: subtitle },
  ];
}
