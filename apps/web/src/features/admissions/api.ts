import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdmissionEnquiryDetail,
  AdmissionEnquiryInput,
  AdmissionEnquiryReceived,
  AdmissionEnquiryList,
  AdmissionEnquiryListQuery,
  AdmissionEnquiryUpdateInput,
  ContactEnquiryInput,
  ConvertEnquiryInput,
  ConvertEnquiryResult,
  AdmissionsReport,
  AdmissionsReportQuery,
  EnquiryAssignees,
  EnquiryContactInput,
  EnquiryCounts,
  EnquiryFollowUpInput,
  EnquiryStatusInput,
  OfficeEnquiryInput,
  SendOtpResult,
  VerifyOtpResult,
} from '@academy/shared/schemas/admissions';
import { apiRequestWithMessage } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';
import { useRefreshQueries } from '../../lib/resource-hooks';
import { rememberedCampaign } from '../../lib/campaign';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, batchKeys, studentKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

export const enquiryKeys = {
  all: ['admission-enquiries'] as const,
  list: (query: AdmissionEnquiryListQuery) => ['admission-enquiries', 'list', query] as const,
  detail: (id: string) => ['admission-enquiries', 'detail', id] as const,
  counts: ['admission-enquiries', 'counts'] as const,
  assignees: ['admission-enquiries', 'assignees'] as const,
  report: (query: AdmissionsReportQuery) => ['admission-enquiries', 'report', query] as const,
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
  followUp: msg`Failed to save the follow-up`,
  logContact: msg`Failed to log the contact`,
  report: msg`Failed to load the admissions report`,
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

/** Both public forms carry the campaign of the link the visitor came by (issue 41; lib/campaign.ts). */
export function useSubmitAdmission() {
  return useMutation({ mutationFn: (input: AdmissionEnquiryInput) => apiRequestWithMessage<AdmissionEnquiryReceived>('POST', '/admission-enquiries', { ...input, ...rememberedCampaign() }) });
}

export function useSubmitContact() {
  return useMutation({ mutationFn: (input: ContactEnquiryInput) => apiRequestWithMessage<undefined>('POST', '/admission-enquiries/contact', { ...input, ...rememberedCampaign() }) });
}

// Admin: the New Registrations pipeline.

export function enquiriesQueryOptions(query: AdmissionEnquiryListQuery) {
  return getQueryOptions<AdmissionEnquiryList>(enquiryKeys.list(query), `/admission-enquiries${toQueryString(query)}`, { placeholderData: keepPreviousData });
}

export function useEnquiries(query: AdmissionEnquiryListQuery) {
  return useQuery(enquiriesQueryOptions(query));
}

export function enquiryQueryOptions(id: string) {
  return getQueryOptions<AdmissionEnquiryDetail>(enquiryKeys.detail(id), `/admission-enquiries/${encodeURIComponent(id)}`);
}

export function useEnquiry(id: string) {
  return useQuery(enquiryQueryOptions(id));
}

/** Counts per status; the sidebar shows the `new` one, refreshed every minute while the admin works. */
export const enquiryCountsQueryOptions = getQueryOptions<EnquiryCounts>(enquiryKeys.counts, '/admission-enquiries/counts', {
  staleTime: 30_000,
  refetchInterval: 60_000,
});

export function useEnquiryCounts(enabled = true) {
  return useQuery({ ...enquiryCountsQueryOptions, enabled });
}

/** Enquiries show in the list, the sidebar count and the dashboard; a conversion adds a student. */
function useInvalidateEnquiries() {
  return useRefreshQueries([enquiryKeys.all, adminDashboardKeys.all, studentKeys.all, batchKeys.all]);
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

/** A move of the pipeline; rejected and lost carry a reason (issue 41). */
export function useChangeEnquiryStatus(id: string) {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (input: EnquiryStatusInput) => apiRequestWithMessage<AdmissionEnquiryDetail>('PATCH', `/admission-enquiries/${encodeURIComponent(id)}/status`, input),
    onSuccess: () => invalidate(),
  });
}

// Follow-ups (issue 41): the next call, the source, who handles it, the contacts log, the season's report.

/** PATCH: the follow-up day, the source (and referring student) and the assignee. */
export function useUpdateFollowUp(id: string) {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (input: EnquiryFollowUpInput) => apiRequestWithMessage<AdmissionEnquiryDetail>('PATCH', `/admission-enquiries/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate(),
  });
}

/** Logs a call, WhatsApp message or visit; the Call today list and the detail refresh at once. */
export function useLogContact(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (input: EnquiryContactInput) => apiRequestWithMessage<AdmissionEnquiryDetail>('POST', `/admission-enquiries/${encodeURIComponent(id)}/contacts`, input),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(enquiryKeys.detail(id), data);
      return invalidate();
    },
  });
}

/** Who an enquiry can be assigned to (the office's accounts); rarely changes. */
export function useEnquiryAssignees() {
  return useQuery(getQueryOptions<EnquiryAssignees>(enquiryKeys.assignees, '/admission-enquiries/assignees', { staleTime: 5 * 60_000 }));
}

export function useAdmissionsReport(query: AdmissionsReportQuery) {
  return useQuery(
    getQueryOptions<AdmissionsReport>(enquiryKeys.report(query), `/admissions/report${toQueryString(query)}`, {
      placeholderData: keepPreviousData,
    }),
  );
}

export function useConvertEnquiry(id: string) {
  const invalidate = useInvalidateEnquiries();
  return useMutation({
    mutationFn: (input: ConvertEnquiryInput) => apiRequestWithMessage<ConvertEnquiryResult>('POST', `/admission-enquiries/${encodeURIComponent(id)}/convert`, input),
    onSuccess: () => invalidate(),
  });
}
