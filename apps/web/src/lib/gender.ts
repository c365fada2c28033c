import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Gender } from '@academy/shared/schemas/common';

/** A person's gender as the forms offer it and the detail pages show it (teachers, students, enquiries). */
export const GENDER_MESSAGES: Record<Gender, MessageDescriptor> = { male: msg`Male`, female: msg`Female`, other: msg`Other` };

export const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
];
