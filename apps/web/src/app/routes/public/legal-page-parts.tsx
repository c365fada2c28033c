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
    <>
      <h2>
        <Trans>Who to ask</Trans>
      </h2>
      <OfficeContact />
    </>
  );
}
