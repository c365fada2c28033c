import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { usePublicSettings } from '../api';
import { mailtoHref, oneLineAddress } from '../contact-links';
import { formatPhone, telHref } from '../../../lib/phone';

/** "Who to ask" in the policies: the academy's office with its email, phone and address. */
export function OfficeContact() {
  const lp = useLocalizedPath();
  const { data: settings } = usePublicSettings();
  if (!settings) {
    return (
      <p>
        <Trans>
          Write to or visit the academy&apos;s office; its email, phone numbers and address are on the <Link to={lp('/contact')}>contact page</Link>.
        </Trans>
      </p>
    );
  }
  const [phone] = settings.phones;
  return (
    <p>
      <Trans>
        The office of {settings.name}, {oneLineAddress(settings.address)}. Email <a href={mailtoHref(settings.email)}>{settings.email}</a>
      </Trans>
      {phone ? (
        <Trans>
          , phone <a href={telHref(phone)}>{formatPhone(phone)}</a>
        </Trans>
      ) : null}{' '}
      ({settings.officeHours}).
    </p>
  );
}
