import { Link } from 'react-router';
import { usePublicSettings } from '../api';
import { mailtoHref, oneLineAddress } from '../contact-links';
import { formatPhone, telHref } from '../../../lib/phone';

/** "Who to ask" in the policies: the academy's office with its email, phone and address. */
export function OfficeContact() {
  const { data: settings } = usePublicSettings();
  if (!settings) {
    return (
      <p>
        Write to or visit the academy&apos;s office; its email, phone numbers and address are on the <Link to="/contact">contact page</Link>.
      </p>
    );
  }
  const [phone] = settings.phones;
  return (
    <p>
      The office of {settings.name}, {oneLineAddress(settings.address)}. Email <a href={mailtoHref(settings.email)}>{settings.email}</a>
      {phone ? (
        <>
          , phone <a href={telHref(phone)}>{formatPhone(phone)}</a>
        </>
      ) : null}{' '}
      ({settings.officeHours}).
    </p>
  );
}
