import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

const ROLE_LABELS: Record<string, MessageDescriptor> = { admin: msg`admin`, teacher: msg`teacher`, student: msg`student`, parent: msg`parent` };

/** A person's role as it reads after their name ("Asha Patil (admin)"), in the language shown. */
export function useRoleLabel(): (role: string) => string {
  const { i18n } = useLingui();
  return (role) => (ROLE_LABELS[role] ? i18n._(ROLE_LABELS[role]) : role);
}
