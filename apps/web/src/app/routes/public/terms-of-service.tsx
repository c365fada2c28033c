import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalDocument } from '../../../components/ui/legal-document';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { formatMonthName } from '../../../lib/format-date';
import { LegalSection, LegalPoints, useAcademyName, WhoToAsk } from './legal-page-parts';

export function Component() {
  const { t } = useLingui();
  const name = useAcademyName();
  return (
    <LegalDocument
      title={t`Terms of Service`}
      updated={`22 ${formatMonthName(11)} 2026`}
      metaDescription={t`The terms for using the academy's website and the student, teacher and admin accounts: admissions, accounts, study material, fees and governing law.`}
    >
      <p>
        <Trans>
          These terms apply to the website of {name} (&ldquo;the academy&rdquo;, &ldquo;we&rdquo;) and to the student, teacher and admin accounts on it.
          By using the site you accept them. If you are under 18, a parent or guardian accepts them for you.
        </Trans>
      </p>

      <InformationOnTheSite />

      <AdmissionEnquiries />

      <Accounts />

      <AcceptableUse />

      <StudyMaterial />

      <FeesAndRefunds />

      <AvailabilityAndLiability />

      <Privacy />

      <LawAndChanges />

      <WhoToAsk />
    </LegalDocument>
  );
}

function InformationOnTheSite() {
  return (
    <LegalSection title={<Trans>Information on the site</Trans>}>
      <p>
        <Trans>
          We keep courses, batches, timings and seats up to date, but they can change. Seats shown as left are a guide until the office confirms an
          admission.
        </Trans>
      </p>
    </LegalSection>
  );
}

function AdmissionEnquiries() {
  return (
    <LegalSection title={<Trans>Admission enquiries</Trans>}>
      <p>
        <Trans>
          Sending the registration form is a request, not an admission. A student is admitted when the office confirms the admission and the fees are paid
          as set out on the admission form and fee receipt.
        </Trans>
      </p>
    </LegalSection>
  );
}

function Accounts() {
  return (
    <LegalSection title={<Trans>Accounts</Trans>}>
      <LegalPoints
        points={[
          <Trans>The academy creates accounts for its students and teachers. An account is personal: do not share it or its password.</Trans>,
          <Trans>Tell the office at once if you think someone else has used your account; you can also reset your password from the login page.</Trans>,
          <Trans>We may suspend an account that is misused, and we close a student&apos;s account when they leave the academy.</Trans>,
        ]}
      />
    </LegalSection>
  );
}

function AcceptableUse() {
  return (
    <LegalSection title={<Trans>Acceptable use</Trans>}>
      <LegalPoints
        points={[
          <Trans>Do not try to reach data that is not yours, to break or overload the site, or to get around its security.</Trans>,
          <Trans>Do not upload anything unlawful, harmful or unrelated to studies.</Trans>,
          <Trans>Be respectful to students, parents and staff in every message.</Trans>,
        ]}
      />
    </LegalSection>
  );
}

function StudyMaterial() {
  return (
    <LegalSection title={<Trans>Study material</Trans>}>
      <p>
        <Trans>
          Notes, tests and other material shared on the site belong to the academy or its teachers. They are for the personal study of our students and
          may not be sold, published or shared outside the academy.
        </Trans>
      </p>
    </LegalSection>
  );
}

function FeesAndRefunds() {
  return (
    <LegalSection title={<Trans>Fees and refunds</Trans>}>
      <p>
        <Trans>Fees, instalments and refunds are governed by the admission form and fee receipt given to you at admission, not by this website.</Trans>
      </p>
    </LegalSection>
  );
}

function AvailabilityAndLiability() {
  return (
    <LegalSection title={<Trans>Availability and liability</Trans>}>
      <p>
        <Trans>
          We work to keep the site available and correct, but we cannot promise it will always be free of interruptions or errors. As far as the law
          allows, the academy is not liable for indirect losses arising from the use of the site. Nothing in these terms limits any right you have under
          Indian law that cannot be limited.
        </Trans>
      </p>
    </LegalSection>
  );
}

function Privacy() {
  const lp = useLocalizedPath();
  return (
    <LegalSection title={<Trans>Privacy</Trans>}>
      <p>
        <Trans>
          How we handle personal data is explained in our <Link to={lp('/privacy-policy')}>privacy policy</Link> and{' '}
          <Link to={lp('/cookies-policy')}>cookies policy</Link>.
        </Trans>
      </p>
    </LegalSection>
  );
}

function LawAndChanges() {
  return (
    <LegalSection title={<Trans>Law and changes</Trans>}>
      <p>
        <Trans>
          These terms are governed by the laws of India, and the courts at Latur, Maharashtra have jurisdiction. When the terms change, we update the date
          at the top of this page.
        </Trans>
      </p>
    </LegalSection>
  );
}
