import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Role } from '@academy/shared/roles';

/** A role as its badge shows it (the profile, issue 42), in the language shown. */
const ROLE_BADGES: Record<Role, MessageDescriptor> = {
  admin: msg({ message: 'Admin', context: 'role badge' }),
  teacher: msg({ message: 'Teacher', context: 'role badge' }),
  student: msg({ message: 'Student', context: 'role badge' }),
  parent: msg({ message: 'Parent', context: 'role badge' }),
};

/** The badge's word for a role; an unknown role as it is. */
export function roleBadgeLabel(role: string, i18n: I18n): string {
  const label = (ROLE_BADGES as Record<string, MessageDescriptor | undefined>)[role];
  return label ? i18n._(label) : role;
}
