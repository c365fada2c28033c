import { and, desc, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { GST_STATES, gstinState, payableOnDues, payDuesWithTax, placeOfSupplyFor, type BatchDelivery, type DuesPayment, type TaxedDue } from '@academy/shared/gst';
import { GST_MESSAGES, type taxSettingsInputSchema, type TaxSettings } from '@academy/shared/schemas/gst';
import { formatDate } from '@academy/shared/calendar';
import type { Db, DbExecutor } from '../../db/client';
import { gstRegistrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { academyToday } from '../../academy-settings';
import { thisAcademy } from '../../db/same-academy';

/**
 * Settings → Tax (issue 57, docs/decisions/057-gst.md): GST registered or not, the GSTIN, names,
 * rate, SAC and how fee plans are quoted, applying from a date. Each save is a new row; the row in
 * force on a payment's date makes its receipt a tax invoice.
 */
type TaxSettingsInput = z.output<typeof taxSettingsInputSchema>;
type Registration = typeof gstRegistrations.$inferSelect;

const NOT_REGISTERED: TaxSettings = {
  gst: { registered: false, gstin: null, legalName: null, tradeName: null, address: null, rate: 18, sac: '999293', pricesIncludeTax: true, instalmentInvoicing: 'due-date', from: null, state: null },
};

function toSettings(row: Registration | undefined): TaxSettings {
  if (!row) return NOT_REGISTERED;
  const code = row.gstin ? gstinState(row.gstin) : null;
  return {
    gst: {
      registered: row.registered,
      gstin: row.gstin,
      legalName: row.legalName,
      tradeName: row.tradeName,
      address: row.address,
      rate: row.rateBp / 100,
      sac: row.sac,
      pricesIncludeTax: row.pricesIncludeTax,
      instalmentInvoicing: row.instalmentInvoicing,
      from: row.effectiveFrom,
      state: code ? { code, name: GST_STATES[code] ?? code } : null,
    },
  };
}

/** The latest saved settings (the one the screen shows and edits), whatever date it applies from. */
async function latestRegistration(db: DbExecutor): Promise<Registration | undefined> {
  const [row] = await db.select().from(gstRegistrations).orderBy(desc(gstRegistrations.effectiveFrom), desc(gstRegistrations.createdAt)).limit(1);
  return row;
}

/** GET /api/admin/settings/tax. */
export async function getTaxSettings(db: DbExecutor): Promise<TaxSettings> {
  return toSettings(await latestRegistration(db));
}

/**
 * Whether GST was off on every day a row from `from` would now govern (from `from` to the day before the
 * next later saved row's date): the saved rows in force then are all "not registered", so no tax
 * document was issued under a registration in that window (decision 076).
 */
async function onlyUnregisteredFrom(db: DbExecutor, from: string): Promise<boolean> {
  const rows = await db.select().from(gstRegistrations).orderBy(desc(gstRegistrations.effectiveFrom), desc(gstRegistrations.createdAt));
  const nextFrom = rows.filter((row) => row.effectiveFrom > from).at(-1)?.effectiveFrom;
  const inForceAtFrom = rows.find((row) => row.effectiveFrom <= from);
  const governing = rows.filter((row) => row.effectiveFrom >= from && (nextFrom === undefined || row.effectiveFrom < nextFrom));
  return [inForceAtFrom, ...governing].every((row) => !row?.registered);
}

/**
 * PUT /api/admin/settings/tax: a new row applying from `from` (today in the academy's time zone when
 * left out). A date before the latest saved one's is refused — a change never reaches backwards — except
 * a registration dated back (CGST Act s.31(3)(a), decision 076): turning GST on from a date when every
 * saved row in force until the next saved date said "not registered". Those days' plain receipts then
 * get revised invoices; the later rows stay as they were.
 */
export async function updateTaxSettings(db: Db, actor: AuditActor, input: TaxSettingsInput): Promise<TaxSettings> {
  const { gst } = input;
  return db.transaction(async (tx) => {
    const from = gst.from ?? (await academyToday(tx));
    // Two saves at once take turns on the latest row.
    const [latest] = await tx.select().from(gstRegistrations).where(thisAcademy(gstRegistrations)).orderBy(desc(gstRegistrations.effectiveFrom), desc(gstRegistrations.createdAt)).limit(1).for('update');
    if (latest && from < latest.effectiveFrom && !(gst.registered && (await onlyUnregisteredFrom(tx, from)))) {
      const message = GST_MESSAGES.fromBeforeLast.replace('{date}', formatDate(latest.effectiveFrom));
      throw new AppError('BAD_REQUEST', message, { from: message });
    }
    const [row] = await tx
      .insert(gstRegistrations)
      .values({
        effectiveFrom: from,
        registered: gst.registered,
        gstin: gst.gstin ?? null,
        legalName: gst.legalName ?? null,
        tradeName: gst.tradeName ?? null,
        address: gst.address ?? null,
        rateBp: Math.round(gst.rate * 100),
        sac: gst.sac,
        pricesIncludeTax: gst.pricesIncludeTax,
        // Left out: as saved before, else on due dates (decision 070: what a CA chooses for fixed instalments).
        instalmentInvoicing: gst.instalmentInvoicing ?? latest?.instalmentInvoicing ?? 'due-date',
        createdBy: actor?.userId ?? null,
      })
      .returning();
    const before = toSettings(latest).gst;
    const after = toSettings(row).gst;
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      text: { key: after.registered ? 'settings.tax_on' : 'settings.tax_off', values: { gstin: after.gstin ?? '', date: formatDate(from) } },
      changes:
        diffChanges(
          { registered: before.registered, gstin: before.gstin, legalName: before.legalName, rate: before.rate, sac: before.sac, pricesIncludeTax: before.pricesIncludeTax, instalmentInvoicing: before.instalmentInvoicing, from: before.from },
          { registered: after.registered, gstin: after.gstin, legalName: after.legalName, rate: after.rate, sac: after.sac, pricesIncludeTax: after.pricesIncludeTax, instalmentInvoicing: after.instalmentInvoicing, from: after.from },
        ) ?? {},
    });
    return { gst: after };
  });
}

/** The registration in force on a date (the latest `from` up to it, the latest saved among equals), or undefined when GST is off then. */
export async function registrationOn(db: DbExecutor, date: string): Promise<Registration | undefined> {
  const [row] = await db
    .select()
    .from(gstRegistrations)
    .where(and(thisAcademy(gstRegistrations), lte(gstRegistrations.effectiveFrom, date)))
    .orderBy(desc(gstRegistrations.effectiveFrom), desc(gstRegistrations.createdAt))
    .limit(1);
  return row?.registered && row.gstin ? row : undefined;
}

/** What a tax invoice copies from the registration: its GSTIN, SAC, rate, place of supply, payer and split over the dues it pays. */
export type InvoiceTax = DuesPayment & {
  registrationId: string;
  gstin: string;
  sac: string;
  placeOfSupply: string;
  payer: { gstin: string; name: string | null; address: string | null } | null;
};

/** A due as a payment's tax sees it: its balance, whether it is taxable or a deposit, and how its batch is taught. */
export type DueForTax = TaxedDue & { delivery: BatchDelivery };

/**
 * The place of supply of a payment into dues (decision 062, IGST Act s.12): the place of its first
 * taxable due (`placeOfSupplyFor`: a payer's GSTIN's state; a classroom batch where it is performed,
 * the academy's state; an online batch the student's state on record, else the academy's), and
 * whether that is another state than the academy's (IGST) or its own (CGST + SGST).
 */
export function placeOfSupplyOf(registration: Registration, studentState: string | null, payerGstin: string | null, dues: readonly DueForTax[]): { placeOfSupply: string; interState: boolean } {
  const supplierState = gstinState(registration.gstin!);
  const first = dues.find((due) => due.taxable && !due.deposit) ?? dues[0];
  const placeOfSupply = placeOfSupplyFor({ supplierState, payerGstin, delivery: first?.delivery ?? 'classroom', studentState });
  return { placeOfSupply, interState: placeOfSupply !== supplierState };
}

/**
 * The tax of a payment of `amountPaise` (tax included) into `dues` (in the order it pays them) under a
 * registration: within the academy's state CGST + SGST, else IGST; dues of exempt plans carry none,
 * deposits are no supply. One invoice has one place of supply: a payment whose taxable money reaches
 * dues of another place (a classroom batch and an online one, for a student of another state) is
 * refused (400) — two payments make two invoices.
 */
export function invoiceTax(
  registration: Registration,
  studentState: string | null,
  payer: { gstin: string; name: string | null; address: string | null } | null,
  dues: readonly DueForTax[],
  amountPaise: number,
): InvoiceTax {
  const { placeOfSupply, interState } = placeOfSupplyOf(registration, studentState, payer?.gstin ?? null, dues);
  const split = payDuesWithTax(dues, amountPaise, registration.rateBp, registration.pricesIncludeTax, interState);
  const supplierState = gstinState(registration.gstin!);
  for (const allocation of split.allocations) {
    const due = dues.find((entry) => entry.id === allocation.dueId)!;
    if (!due.taxable || due.deposit) continue;
    if (placeOfSupplyFor({ supplierState, payerGstin: payer?.gstin ?? null, delivery: due.delivery, studentState }) !== placeOfSupply) {
      throw new AppError('BAD_REQUEST', GST_MESSAGES.mixedPlaces, { amount: GST_MESSAGES.mixedPlaces });
    }
  }
  return { ...split, registrationId: registration.id, gstin: registration.gstin!, sac: registration.sac, placeOfSupply, payer };
}

/** What is left to pay, tax included, on open dues under the registration (prices quoted without GST get the tax on top of taxable dues). */
export function payableWithTax(registration: Registration | undefined, dues: readonly TaxedDue[], interState = false): number {
  return registration ? payableOnDues(dues, registration.rateBp, registration.pricesIncludeTax, interState) : dues.reduce((sum, due) => sum + due.balance, 0);
}

/**
 * The GST on top of a due's balance (paise) that the dues screens, the fee slip and the UPI request show
 * (issue 57): only when fee plans are quoted excluding GST and the due's plan is taxable (not a deposit);
 * undefined otherwise (the balance is what is paid). It is what a payment of the due would charge: the
 * same place of supply (`placeOfSupplyOf`: the batch's classroom or online delivery and the student's
 * state; no payer's GSTIN, which is given only at payment) and the same sum (`payableWithTax`), so an
 * online student of another state sees the rounded IGST, not CGST + SGST (decision 076).
 */
export function taxOnTopOf(registration: Registration | undefined, due: Omit<DueForTax, 'id'>, studentState: string | null): { tax: number; total: number } | undefined {
  if (!registration || registration.pricesIncludeTax || !due.taxable || due.deposit || due.balance <= 0) return undefined;
  const taxed = [{ ...due, id: '' }];
  const { interState } = placeOfSupplyOf(registration, studentState, null, taxed);
  const total = payableWithTax(registration, taxed, interState);
  return { tax: total - due.balance, total };
}
