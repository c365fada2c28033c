import { useMutation, useQuery } from '@tanstack/react-query';
import type { DemoBookingInput, DemoClass } from '@academy/shared/schemas/demo-classes';
import { apiRequestWithMessage } from '../../lib/api-client';
import { attendanceKeys, auditKeys } from '../../lib/query-keys';
import { useRefreshQueries } from '../../lib/resource-hooks';
import { enquiryKeys } from './api';
import { getQueryOptions } from '../../lib/get-query-options';

/*
 * An enquiry's demo classes (issue 41). A file of its own beside api.ts, named enquiry-* like the
 * pipeline's files: its words (in the component) belong to the signed-in catalog, not the public
 * site's (lingui.config.ts), and the follow-ups of the same issue change api.ts meanwhile.
 */

export const demoKeys = {
  ofEnquiry: (enquiryId: string) => ['admission-enquiries', 'demos', enquiryId] as const,
};

const id = encodeURIComponent;

export function enquiryDemosQueryOptions(enquiryId: string) {
  return getQueryOptions<DemoClass[]>(demoKeys.ofEnquiry(enquiryId), `/admission-enquiries/${id(enquiryId)}/demos`);
}

export function useEnquiryDemos(enquiryId: string) {
  return useQuery(enquiryDemosQueryOptions(enquiryId));
}

/**
 * A booking changes the enquiry (a new one becomes contacted), its history, and the batch's sheet for
 * that day; the demos' keys start with the enquiries' (enquiryKeys.all).
 */
function useInvalidateAfterDemoChange() {
  return useRefreshQueries([enquiryKeys.all, attendanceKeys.all, auditKeys.all]);
}

export function useBookDemo(enquiryId: string) {
  const invalidate = useInvalidateAfterDemoChange();
  return useMutation({
    mutationFn: (input: DemoBookingInput) => apiRequestWithMessage<DemoClass>('POST', `/admission-enquiries/${id(enquiryId)}/demo`, input),
    onSuccess: () => invalidate(),
  });
}

export function useCancelDemo(enquiryId: string) {
  const invalidate = useInvalidateAfterDemoChange();
  return useMutation({
    mutationFn: (demoId: string) => apiRequestWithMessage<undefined>('DELETE', `/admission-enquiries/${id(enquiryId)}/demos/${id(demoId)}`),
    onSuccess: () => invalidate(),
  });
}
