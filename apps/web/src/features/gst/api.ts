import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GstMonth, RevisedInvoices, TaxSettings, TaxSettingsInput } from '@academy/shared/schemas/gst';
import { API_BASE, apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { getQueryOptions } from '../../lib/get-query-options';
import { feeKeys } from '../../lib/query-keys';

/** GST (issue 57): Settings → Tax and Fees → GST. Under the fees keys: a saved setting changes every receipt from its date. */
export const gstKeys = {
  settings: [...feeKeys.all, 'gst', 'settings'] as const,
  months: [...feeKeys.all, 'gst', 'month'] as const,
  month: (period: string) => [...feeKeys.all, 'gst', 'month', period] as const,
  revised: (certificateDate: string | null) => [...feeKeys.all, 'gst', 'revised', certificateDate] as const,
};

export function useTaxSettings() {
  return useQuery({ queryKey: gstKeys.settings, queryFn: ({ signal }) => apiRequest<TaxSettings>('GET', '/admin/settings/tax', undefined, { signal }), staleTime: 0 });
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxSettingsInput) => apiRequestWithMessage<TaxSettings>('PUT', '/admin/settings/tax', input),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(gstKeys.settings, data);
      await queryClient.invalidateQueries({ queryKey: gstKeys.months });
    },
  });
}

export function useGstMonth(period: string) {
  return useQuery(getQueryOptions<GstMonth>(gstKeys.month(period), `/fees/gst?period=${encodeURIComponent(period)}`, { placeholderData: keepPreviousData }));
}

export const gstr1JsonUrl = (period: string) => `${API_BASE}/fees/gst/gstr1.json?period=${encodeURIComponent(period)}`;
export const gstr1XlsxUrl = (period: string) => `${API_BASE}/fees/gst/gstr1.xlsx?period=${encodeURIComponent(period)}`;

/** A registration dated back (decision 063): what "Issue revised invoices" would issue for a certificate date; nothing written. */
export function useRevisedInvoicesPreview(certificateDate: string | null) {
  return useQuery(getQueryOptions<RevisedInvoices>(gstKeys.revised(certificateDate), `/fees/gst/revised-invoices?certificateDate=${encodeURIComponent(certificateDate ?? '')}`, { enabled: certificateDate !== null, retry: false }));
}

/** Issues the window's revised invoices; they then show in that month's documents and GSTR-1, and the receipts become revised invoices. */
export function useIssueRevisedInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certificateDate: string) => apiRequestWithMessage<RevisedInvoices>('POST', '/fees/gst/revised-invoices', { certificateDate }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: feeKeys.all });
    },
  });
}

/** A revised invoice's PDF is its receipt's (the receipt's PDF becomes "Revised tax invoice"; decision 063). */
export const revisedInvoicePdfUrl = (receiptId: string) => `${API_BASE}/receipts/${encodeURIComponent(receiptId)}/pdf`;
