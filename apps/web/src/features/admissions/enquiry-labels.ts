import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { ContactKind, ContactOutcome, EnquiryForm, EnquirySource, EnquiryStatus, LostReason } from '@academy/shared/schemas/admissions';

/*
 * An enquiry's words in the language shown (issue 20; glossary: चौकशी / पूछताछ): its status, the form
 * it came through, where the family heard of the academy (issue 41), the office's contacts and the
 * reasons of a rejection or a loss. The shared *_LABELS stay English for the API and CSV files.
 */
export const ENQUIRY_STATUS_MESSAGES: Record<EnquiryStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'enquiry status' }),
  contacted: msg`Contacted`,
  admitted: msg`Admitted`,
  rejected: msg`Rejected`,
  lost: msg({ message: 'Lost', context: 'enquiry status' }),
};

export const ENQUIRY_FORM_MESSAGES: Record<EnquiryForm, MessageDescriptor> = {
  admission: msg`Admission form`,
  contact: msg`Contact form`,
  office: msg`Added by the office`,
};

export const ENQUIRY_SOURCE_MESSAGES: Record<EnquirySource, MessageDescriptor> = {
  walk_in: msg`Walk-in`,
  phone: msg({ message: 'Phone call', context: 'enquiry source' }),
  website: msg`Website`,
  referral: msg`Referral`,
  newspaper: msg`Newspaper`,
  social_media: msg`Social media`,
  school_visit: msg`School visit`,
  other: msg({ message: 'Other', context: 'enquiry source' }),
};

export const CONTACT_KIND_MESSAGES: Record<ContactKind, MessageDescriptor> = {
  call: msg({ message: 'Call', context: 'contact kind' }),
  whatsapp: msg`WhatsApp`,
  visit: msg({ message: 'Visit', context: 'contact kind' }),
};

export const CONTACT_OUTCOME_MESSAGES: Record<ContactOutcome, MessageDescriptor> = {
  interested: msg`Interested`,
  undecided: msg`Still deciding`,
  call_back: msg`Call back later`,
  no_answer: msg`No answer`,
  not_interested: msg`Not interested`,
  wrong_number: msg`Wrong number`,
};

export const LOST_REASON_MESSAGES: Record<LostReason, MessageDescriptor> = {
  joined_elsewhere: msg`Joined another academy`,
  fees: msg`Fees too high`,
  timing: msg`Batch timings do not suit`,
  distance: msg`Too far from home`,
  not_reachable: msg`Could not be reached`,
  not_interested: msg`No longer interested`,
  batch_full: msg`Batch full`,
  course_not_offered: msg`Course not offered`,
  duplicate: msg`Duplicate enquiry`,
  other: msg({ message: 'Other', context: 'lost reason' }),
};

export interface EnquiryLabels {
  status: (status: EnquiryStatus) => string;
  form: (form: EnquiryForm) => string;
  source: (source: EnquirySource) => string;
  kind: (kind: ContactKind) => string;
  outcome: (outcome: ContactOutcome) => string;
  reason: (reason: LostReason) => string;
}

/** Labels for an enquiry's words in the language shown. */
export function useEnquiryLabels(): EnquiryLabels {
  const { i18n } = useLingui();
  return {
    status: (status) => i18n._(ENQUIRY_STATUS_MESSAGES[status]),
    form: (form) => i18n._(ENQUIRY_FORM_MESSAGES[form]),
    source: (source) => i18n._(ENQUIRY_SOURCE_MESSAGES[source]),
    kind: (kind) => i18n._(CONTACT_KIND_MESSAGES[kind]),
    outcome: (outcome) => i18n._(CONTACT_OUTCOME_MESSAGES[outcome]),
    reason: (reason) => i18n._(LOST_REASON_MESSAGES[reason]),
  };
}
