import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankStatement,
  BankStatementList,
  ConcessionRequest,
  DuesList,
  FeePlan,
  FeePlanInput,
  FeeReport,
  FeeSummary,
  Ledger,
  PayPage,
  PaymentClaim,
  PaymentClaimInput,
  PaymentClaimList,
  PaymentInput,
  Receipt,
  ReminderRequest,
  ReminderResult,
  StatementConfirmResult,
  StatementMapping,
  RecordedPayment,
} from '@academy/shared/schemas/fees';
import { sendForm } from '../../lib/send-form';
import type { PaymentSettings } from '@academy/shared/schemas/payments';
import { API_BASE, apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';
import { feeKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';
import { useRefreshQueries } from '../../lib/resource-hooks';

/** A batch to pick (fee plans, the dues filter): the Fees page passes them in, so fees imports no batches code. */
export type BatchOption = { value: string; label: string };

/** `year`: a past academic year's unpaid dues, open or carried over (issue 39); none, every open due. */
export type DuesFilter = { overdue?: 'true' | 'false'; batch?: string; search?: string; year?: string; page?: number; limit?: number };

export { feeKeys };

const id = encodeURIComponent;

export const feePlansQueryOptions = getQueryOptions<{ plans: FeePlan[] }>(feeKeys.plans, '/fee-plans');
export const useFeePlans = () => useQuery(feePlansQueryOptions);

export function useStudentLedger(studentId: string) {
  return useQuery({ queryKey: feeKeys.ledger(studentId), queryFn: ({ signal }) => apiRequest<Ledger>('GET', `/students/${id(studentId)}/fees`, undefined, { signal }), enabled: studentId !== '' });
}

export const ownLedgerQueryOptions = getQueryOptions<Ledger>(feeKeys.ownLedger, '/student/fees');
export const useOwnLedger = () => useQuery(ownLedgerQueryOptions);

/** A parent's view of a child's ledger: the same one the child sees. */
export function useChildLedger(studentId: string) {
  return useQuery({ queryKey: feeKeys.childLedger(studentId), queryFn: ({ signal }) => apiRequest<Ledger>('GET', `/parent/children/${id(studentId)}/fees`, undefined, { signal }), enabled: studentId !== '' });
}

export function useDues(filter: DuesFilter) {
  return useQuery(getQueryOptions<DuesList>(feeKeys.dues(filter), `/fees/dues${toQueryString(filter)}`, { placeholderData: keepPreviousData }));
}

export const feeSummaryQueryOptions = getQueryOptions<FeeSummary>(feeKeys.summary, '/fees/summary');
export const useFeeSummary = () => useQuery(feeSummaryQueryOptions);

/** The Fees screen's report for an academic year ('' the current one). */
export function useFeeReport(year: string) {
  return useQuery(getQueryOptions<FeeReport>(feeKeys.report(year), `/fees/report${toQueryString({ year })}`, { placeholderData: keepPreviousData }));
}

/** The CSV of the dues list's filter (a plain link: the browser downloads it with the session cookie). */
export function duesCsvUrl(filter: DuesFilter): string {
  const { page: _page, limit: _limit, ...rest } = filter;
  return `${API_BASE}/fees/dues.csv${toQueryString(rest)}`;
}

/** A due's UPI request as a QR code (issue 38), for an <img>: the session cookie goes along. */
export function dueUpiQrUrl(dueId: string): string {
  return `${API_BASE}/dues/${id(dueId)}/upi-qr.svg`;
}

/** A due's printed fee slip (PDF): the amount left, the reference and the UPI QR code. */
export function dueSlipPdfUrl(dueId: string): string {
  return `${API_BASE}/dues/${id(dueId)}/slip.pdf`;
}

/** What a fee reminder's pay link opens, without signing in (the token in the address is the permission). */
export function usePayPage(token: string) {
  return useQuery(getQueryOptions<PayPage>(feeKeys.payPage(token), `/pay/${id(token)}`, { retry: false }));
}

/** A due's QR code through a pay link. */
export function payPageQrUrl(token: string, dueId: string): string {
  return `${API_BASE}/pay/${id(token)}/dues/${id(dueId)}/upi-qr.svg`;
}

/** Settings → Payments (issue 38): the academy's UPI ID and the name UPI apps show for it. */
export function usePaymentSettings() {
  return useQuery({ queryKey: feeKeys.paymentSettings, queryFn: ({ signal }) => apiRequest<PaymentSettings>('GET', '/admin/settings/payments', undefined, { signal }), staleTime: 0 });
}

/** Saving it changes every ledger's UPI requests: they refetch. */
export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentSettings) => apiRequestWithMessage<PaymentSettings>('PUT', '/admin/settings/payments', input),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(feeKeys.paymentSettings, data);
      await queryClient.invalidateQueries({ queryKey: feeKeys.all, predicate: (query) => query.queryKey[1] !== 'payment-settings' });
    },
  });
}

/** A credit note's own PDF (CGST rule 53(1A), decision 063): the number URL-encoded, CN%2F2026-27%2F0001.pdf. */
export function creditNotePdfUrl(number: string): string {
  return `${API_BASE}/fees/credit-notes/${encodeURIComponent(number)}.pdf`;
}

/** A due's tax invoice issued on its due date (decision 070), as a PDF: the office, the student and their parents. */
export function dueInvoicePdfUrl(invoiceId: string): string {
  return `${API_BASE}/fees/due-invoices/${id(invoiceId)}/pdf`;
}

export function receiptPdfUrl(receiptId: string): string {
  return `${API_BASE}/receipts/${id(receiptId)}/pdf`;
}

function useInvalidateFees() {
  return useRefreshQueries([feeKeys.all]);
}

export function useSaveFeePlan(planId?: string) {
  const invalidate = useInvalidateFees();
  return useMutation({
    mutationFn: (input: FeePlanInput & { applyToEnrolled?: boolean }) =>
      planId ? apiRequestWithMessage<FeePlan>('PUT', `/fee-plans/${id(planId)}`, input) : apiRequestWithMessage<FeePlan>('POST', '/fee-plans', input),
    onSuccess: invalidate,
  });
}

export function useDeleteFeePlan() {
  const invalidate = useInvalidateFees();
  return useMutation({ mutationFn: (planId: string) => apiRequestWithMessage<void>('DELETE', `/fee-plans/${id(planId)}`), onSuccess: invalidate });
}

/**
 * Records a payment with an Idempotency-Key made once per form (`key`): a double tap, or a retry
 * after a lost answer, gets the same receipt back and records nothing new.
 */
export function useRecordPayment(studentId: string) {
  const invalidate = useInvalidateFees();
  return useMutation({
    mutationFn: ({ input, key }: { input: PaymentInput; key: string }) =>
      apiRequestWithMessage<RecordedPayment>('POST', `/students/${id(studentId)}/payments`, input, { headers: { 'Idempotency-Key': key } }),
    onSuccess: invalidate,
  });
}

/** A concession (an amount, or a percentage of what is still due) with its reason; answers the new ledger. */
export function useAddConcession(studentId: string) {
  const invalidate = useInvalidateFees();
  return useMutation({
    mutationFn: (input: ConcessionRequest) => apiRequestWithMessage<Ledger>('POST', `/students/${id(studentId)}/concessions`, input),
    onSuccess: invalidate,
  });
}

export function useCancelReceipt() {
  const invalidate = useInvalidateFees();
  return useMutation({
    mutationFn: ({ receiptId, reason }: { receiptId: string; reason: string }) => apiRequestWithMessage<Receipt>('POST', `/receipts/${id(receiptId)}/cancel`, { reason }),
    onSuccess: invalidate,
  });
}

/** The office cancels a due's invoice with a credit note (refused while a receipt is paid against it); the due is invoiced again later. */
export function useCancelDueInvoice() {
  const invalidate = useInvalidateFees();
  return useMutation({
    mutationFn: ({ invoiceId, reason }: { invoiceId: string; reason: string }) => apiRequestWithMessage<{ creditNote: string }>('POST', `/fees/due-invoices/${id(invoiceId)}/cancel`, { reason }),
    onSuccess: invalidate,
  });
}

export function useSendReminders() {
  const invalidate = useInvalidateFees();
  return useMutation({
    mutationFn: (input: ReminderRequest) => apiRequestWithMessage<ReminderResult>('POST', '/fees/reminders', input),
    onSuccess: invalidate,
  });
}

/** What "remind all overdue" would do with these filters (families, dues, who cannot be reached), sending nothing. */
export function previewReminders(input: Omit<ReminderRequest, 'dryRun'>): Promise<ReminderResult> {
  return apiRequest<ReminderResult>('POST', '/fees/reminders', { ...input, dryRun: true });
}

/** "I have paid" (issue 38): the family's report of a UPI payment; their ledger shows it waiting. */
export function useClaimPayment() {
  const invalidate = useInvalidateFees();
  return useMutation({ mutationFn: (input: PaymentClaimInput) => apiRequestWithMessage<PaymentClaim>('POST', '/payment-claims', input), onSuccess: invalidate });
}

/** The office's queue of UPI payment reports, by status. */
export function usePaymentClaims(filter: { status: PaymentClaim['status']; page?: number }) {
  return useQuery(getQueryOptions<PaymentClaimList>(feeKeys.claims(filter), `/payment-claims${toQueryString(filter)}`, { placeholderData: keepPreviousData }));
}

/** Confirming records the payment and its receipt: every fee list and total refetches. */
export function useConfirmClaim() {
  const invalidate = useInvalidateFees();
  return useMutation({ mutationFn: (claimId: string) => apiRequestWithMessage<{ claim: PaymentClaim; receipt: Receipt }>('POST', `/payment-claims/${id(claimId)}/confirm`), onSuccess: invalidate });
}

export function useRejectClaim() {
  const invalidate = useInvalidateFees();
  return useMutation({
    mutationFn: ({ claimId, reason }: { claimId: string; reason: string }) => apiRequestWithMessage<PaymentClaim>('POST', `/payment-claims/${id(claimId)}/reject`, { reason }),
    onSuccess: invalidate,
  });
}

/** Bank statements uploaded (issue 38), newest first. */
export function useBankStatements() {
  return useQuery({ queryKey: feeKeys.statements, queryFn: ({ signal }) => apiRequest<BankStatementList>('GET', '/fees/bank-statements', undefined, { signal }) });
}

/** One statement with each credit's match, worked out by the server as it is read. */
export function useBankStatement(statementId: string | null) {
  return useQuery(
    getQueryOptions<BankStatement>(feeKeys.statement(statementId ?? ''), `/fees/bank-statements/${id(statementId ?? '')}`, {
      enabled: statementId !== null,
    }),
  );
}

/** Uploads the statement file (multipart); a file whose columns are not known is refused with its header cells (`errors.headers`). */
export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return sendForm<BankStatement>('POST', '/fees/bank-statements', form);
    },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(feeKeys.statement(data.id), data);
      return queryClient.invalidateQueries({ queryKey: feeKeys.statements });
    },
  });
}

export function useSaveStatementMapping() {
  return useMutation({ mutationFn: (mapping: StatementMapping) => apiRequestWithMessage<StatementMapping>('PUT', '/fees/bank-statements/mapping', mapping) });
}

/** Makes receipts of the chosen credits; every fee list refetches, and the statement shows what became of each. */
export function useConfirmStatementCredits(statementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credits: { id: string; studentId?: string; dueId?: string }[]) => apiRequestWithMessage<StatementConfirmResult>('POST', `/fees/bank-statements/${id(statementId)}/confirm`, { credits }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(feeKeys.statement(statementId), data.statement);
      await queryClient.invalidateQueries({ queryKey: feeKeys.all, predicate: (query) => query.queryKey[1] !== 'statement' });
    },
  });
}

/**
 * Sets a credit aside (a refund, interest: no fee) with a note, or puts it back (issue 54); the
 * statement and the dashboard's count of credits without a receipt follow.
 */
export function useSetCreditAside(statementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creditId, putBack, note }: { creditId: string; putBack?: boolean; note?: string }) =>
      apiRequestWithMessage<BankStatement>('POST', `/fees/bank-statements/${id(statementId)}/credits/${id(creditId)}/${putBack ? 'put-back' : 'set-aside'}`, putBack ? {} : { note }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(feeKeys.statement(statementId), data);
      await queryClient.invalidateQueries({ queryKey: feeKeys.all, predicate: (query) => query.queryKey[1] !== 'statement' });
    },
  });
}

/** Students by name or ID, for giving a credit that matched nobody its student. */
export function useStudentSearch(term: string) {
  return useQuery(
    getQueryOptions<{ students: { _id: string; name: string; studentCode?: string }[] }>(feeKeys.studentSearch(term), `/students${toQueryString({ search: term, limit: 10 })}`, {
      enabled: term.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
}
