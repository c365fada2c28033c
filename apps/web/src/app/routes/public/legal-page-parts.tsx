import { Trans } from '@lingui/react/macro';
import { OfficeContact } from '../../../features/settings/components/office-contact';

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
