import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePublicSettings } from '../../../features/settings/api';
import { OfficeContact } from '../../../features/settings/components/office-contact';

/** The academy's name as the legal pages write it, "the academy" until the settings have loaded. */
export function useAcademyName(): string {
  const { t } = useLingui();
  return usePublicSettings().data?.name ?? t`the academy`;
}

/** The section every legal page ends with: whom to write to, the office's contact. */
export function WhoToAsk() {
  return (
    <LegalSection title={<Trans>Who to ask</Trans>}>
      <OfficeContact />
    </LegalSection>
  );
}

/** One part of a policy page: its heading, then what it says. */
export function LegalSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <h2>{title}</h2>
      {children}
    </>
  );
}

/** A policy's bulleted points, in their order (the list never changes, so each point is keyed by its place). */
export function LegalPoints({ points }: { points: readonly ReactNode[] }) {
  return (
    <ul>
      {points.map((point, index) => (
        <li key={index}>{point}</li>
      ))}
    </ul>
  );
}
