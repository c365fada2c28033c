import { enteredAcademyId } from './tenancy';

/**
 * The entered academy's own address (`https://<its domain or slug.BASE_DOMAIN>`, or PUBLIC_URL with one
 * academy) for what it sends outside a request of its own: a mail from a job (a receipt, a report card, a
 * message to parents) points its logo there (issue 78, decision 085). The app sets how addresses are
 * found once it knows its hosting (app.ts); until then (and outside an academy) there is none.
 */
type AddressOf = (academyId: string) => Promise<string | undefined>;
let addressOf: AddressOf | undefined;

export function setAcademyAddresses(find: AddressOf | undefined): void {
  addressOf = find;
}

export async function enteredAcademyAddress(): Promise<string | undefined> {
  const academyId = enteredAcademyId();
  if (!academyId || !addressOf) return undefined;
  return addressOf(academyId).catch(() => undefined);
}
