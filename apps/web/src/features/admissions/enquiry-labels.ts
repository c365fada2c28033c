import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { EnquirySource, EnquiryStatus } from '@academy/shared/schemas/admissions';

/*
 * An enquiry's status and source in the language shown (issue 20; glossary: चौकशी / पूछताछ). The shared
 * ENQUIRY_STATUS_LABELS and ENQUIRY_SOURCE_LABELS stay English for the API and CSV files.
 */
export const ENQUIRY_STATUS_MESSAGES: Record<EnquiryStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'enquiry status' }),
  contacted: msg`Contacted`,
  admitted: msg`Admitted`,
  rejected: msg`Rejected`,
};

export const ENQUIRY_SOURCE_MESSAGES: Record<EnquirySource, MessageDescriptor> = {
  admission: msg`Admission form`,
  contact: msg`Contact form`,
  office: msg`Added by the office`,
};

/** Labels for an enquiry's status and source in the language shown. */
export function useEnquiryLabels(): { status: (status: EnquiryStatus) => string; source: (source: EnquirySource) => string } {
  const { i18n } = useLingui();
  return { status: (status) => i18n._(ENQUIRY_STATUS_MESSAGES[status]), source: (source) => i18n._(ENQUIRY_SOURCE_MESSAGES[source]) };
}
