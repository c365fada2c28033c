import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { TableHeading } from '../../components/ui/table-head';

/**
 * The columns a GST table shares, a tax invoice's and a revised invoice's alike: its number, date,
 * student, place of supply and tax, then the amount it is for.
 */
export function gstTableHeadings(document: ReactNode, amount: ReactNode): TableHeading[] {
  return [
    { label: document },
    { label: <Trans>Date</Trans> },
    { label: <Trans>Student</Trans> },
    { label: <Trans>Place of supply</Trans> },
    { label: <Trans>Taxable value</Trans>, align: 'right' },
    { label: <Trans>CGST + SGST</Trans>, align: 'right' },
    { label: <Trans>IGST</Trans>, align: 'right' },
    { label: amount, align: 'right' },
  ];
}
