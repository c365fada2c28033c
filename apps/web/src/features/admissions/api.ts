import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdmissionEnquiryDetail,
  AdmissionEnquiryInput,
  AdmissionEnquiryList,
  AdmissionEnquiryListQuery,
  AdmissionEnquiryUpdateInput,
  ContactEnquiryInput,
  ConvertEnquiryInput,
  ConvertEnquiryResult,
  EnquiryCounts,
  EnquiryStatus,
  OfficeEnquiryInput,
  SendOtpResult,
  VerifyOtpResult,
} from '@academy/shared/schemas/admissions';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, batchKeys, studentKeys } from '../../lib/query-keys';

export const enquiryKeys = {
  all: ['admission-enquiries'] as const,
  list: (query: AdmissionEnquiryListQuery) => ['admission-enquiries', 'list', query] as const,
  detail: (id: string) => ['admission-enquiries', 'detail', id] as const,
  counts: ['admission-enquiries', 'counts'] as const,
};

/** The spec gives no texts for registrations; these follow its other "Failed to …" messages. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const ENQUIRY_FAILURES = {
  fetch: msg`Failed to fetch registrations`,
  update: msg`Failed to update registration`,
  create: msg`Failed to add the registration`,
  delete: msg`Failed to delete registration`,
  status: msg`Failed to change the status`,
  convert: msg`Failed to convert the registration`,
  submit: msg`Failed to send the application. Please try again.`,
  contact: msg`Failed to send your message. Please try again.`,
  sendOtp: msg`Failed to send the code. Please try again.`,
  verifyOtp: msg`Failed to check the code. Please try again.`,
};

// Public: the /admission and /contact forms.

/** A code to the email, or to the phone of a family without email (issue 37). */
export function useSendOtp(kind: 'email' | 'phone') {
  return useMutation({
    mutationFn: (address: string) =>
      kind === 'email'
        ? apiRequestWithMessage<SendOtpResult>('POST', '/email-verification/send-otp', { email: address })
        : apiRequestWithMessage<SendOtpResult>('POST', '/phone-verification/send-otp', { phone: address }),
  });
}

export function useVerifyOtp(kind: 'email' | 'phone') {
  return useMutation({
    mutationFn: ({ address, otp }: { address: string; otp: string }) =>
      kind === 'email'
        ? apiRequestWithMessage<VerifyOtpResult>('POST', '/email-verification/verify-otp', { email: address, otp })
        : apiRequestWithMessage<VerifyOtpResult>('POST', '/phone-verification/verify-otp', { phone: address, otp }),
  });
}

export function useSubmitAdmission() {
  return useMutation({ mutationFn: (input: AdmissionEnquiryInput) => apiRequestWithMessage<undefined>('POST', '/admission-enquiries', input) });
}

export function useSubmitContact() {
  return useMutation({ mutationFn: (input: ContactEnquiryInput) => apiRequestWithMessage<undefined>('POST', '/admission-enquiries/contact', input) });
}

// Admin: the New Registrations pipeline.

export function enquiriesQueryOptions(query: AdmissionEnquiryListQuery) {
  return queryOptions({
    queryKey: enquiryKeys.list(query),
    queryFn: ({ signal }) => apiRequest<AdmissionEnquiryList>('GET', `/admission-enquiries${toQueryString(query)}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEnquiries(query: AdmissionEnquiryListQuery) {
  return useQuery(enquiriesQueryOptions(query));
}

export function enquiryQueryOptions(id: string) {
  return queryOptions({
    queryKey: enquiryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<AdmissionEnquiryDetail>('GET', `/admission-enquiries/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

export function useEnquiry(id: string) {
  return useQuery(enquiryQueryOptions(id));
}

/** Counts per status; the sidebar shows the `new` one, refreshed every minute while the admin works. */
export const enquiryCountsQueryOptions = queryOptions({
  queryKey: enquiryKeys.counts,
  queryFn: ({ signal }) => apiRequest<EnquiryCounts>('GET', '/admission-enquiries/counts', undefined, { signal }),
  staleTime: 30_000,
  refetchInterval: 60_000,
});

export function useEnquiryCounts(enabled = true) {
  return useQuery({ ...enquiryCountsQueryOptions, enabled });
}

/** Enquiries show in the list, the sidebar count and the dashboard; a conversion adds a student. */
function useInvalidateEnquiries() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: enquiryKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
      queryClient.invalidateQueries({ queryKey: studentKeys.all }),
      queryClient.invalidateQueries({ queryKey: batchKeys.all }),
    ]);
}

export function useUpdateEnquiry(id: string) {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (input: AdmissionEnquiryUpdateInput) => apiRequestWithMessage<AdmissionEnquiryDetail>('PUT', `/admission-enquiries/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate(),
  });
}

/** A walk-in or phone enquiry the office types in itself (no email code). */
export function useCreateOfficeEnquiry() {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (input: OfficeEnquiryInput) => apiRequestWithMessage<AdmissionEnquiryDetail>('POST', '/admission-enquiries/office', input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteEnquiry() {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<undefined>('DELETE', `/admission-enquiries/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

export function useChangeEnquiryStatus(id: string) {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (status: EnquiryStatus) => apiRequestWithMessage<AdmissionEnquiryDetail>('PATCH', `/admission-enquiries/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: () => invalidate(),
  });
}

export function useConvertEnquiry(id: string) {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (input: ConvertEnquiryInput) => apiRequestWithMessage<ConvertEnquiryResult>('POST', `/admission-enquiries/${encodeURIComponent(id)}/convert`, input),
    onSuccess: () => invalidate(),
  });
}
