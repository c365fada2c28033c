import { and, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbExecutor } from '../../db/client';
import { admissionEnquiries } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { thisAcademy } from '../../db/same-academy';

export const ENQUIRY_NOT_FOUND = 'Registration not found';

/**
 * The enquiry's `columns`, its row locked (FOR UPDATE) until `tx` ends, so the change that follows
 * reads what it writes over; 404 when there is no such enquiry. Every change to an enquiry starts here.
 */
export async function lockEnquiry<Columns extends SelectedFields>(tx: DbExecutor, id: string, columns: Columns): Promise<SelectResultFields<Columns>> {
  // Drizzle cannot work out a generic selection's row type inside this function; named here, each caller gets its columns' types.
  const [row] = (await tx.select(columns).from(admissionEnquiries).where(and(eq(admissionEnquiries.id, id), thisAcademy(admissionEnquiries))).for('update')) as SelectResultFields<Columns>[];
  if (!row) throw new AppError('NOT_FOUND', ENQUIRY_NOT_FOUND);
  return row;
}
