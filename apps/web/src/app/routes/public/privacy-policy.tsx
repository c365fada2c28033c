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
      title={t`Privacy Policy`}
      updated={`22 ${formatMonthName(11)} 2026`}
      metaDescription={t`What personal data the academy keeps about students, parents, teachers and visitors, why, for how long, and your rights under India's DPDP Act, 2023.`}
    >
      <p>
        <Trans>
          This policy explains what personal data {name} (&ldquo;the academy&rdquo;, &ldquo;we&rdquo;) keeps, why we keep it, for how long, and what
          you can ask us to do with it. It follows India&apos;s Digital Personal Data Protection Act, 2023 (the &ldquo;DPDP Act&rdquo;), under which
          we are the Data Fiduciary for this data.
        </Trans>
      </p>

      <WhatWeKeep />

      <WhyWeKeepIt />

      <ChildrensData />

      <WhoCanSeeIt />

      <HowLongWeKeepIt />

      <HowWeProtectIt />

      <YourRights />

      <WhoToAsk />
      <CookiesAndChanges />
    </LegalDocument>
  );
}

function WhatWeKeep() {
  return (
    <LegalSection title={<Trans>What we keep</Trans>}>
      <LegalPoints
        points={[
          <Trans>
            <strong>Admission enquiries:</strong> the student&apos;s name, standard, school and subjects of interest; the parent&apos;s name; phone
            numbers; email address; and the message you send us.
          </Trans>,
          <Trans>
            <strong>Students:</strong> name, email, gender, date of birth, address, phone numbers, the parent&apos;s name, phone and email, school,
            standard, admission date, the batches the student is in, attendance, and the notes and announcements shared with them.
          </Trans>,
          <Trans>
            <strong>Teachers:</strong> name, email, phone number, address, qualification, subjects taught, joining date and the batches they teach.
          </Trans>,
          <Trans>
            <strong>Accounts:</strong> the email address used to sign in, a one-way hash of the password (never the password itself), the time of the
            last sign-in and the current sign-in sessions.
          </Trans>,
          <Trans><strong>Newsletter:</strong> only the email address you subscribe with.</Trans>,
          <Trans>
            <strong>Technical records:</strong> our server notes the network address and time of requests, to keep the site secure and to stop abuse
            such as repeated wrong passwords.
          </Trans>,
        ]}
      />
    </LegalSection>
  );
}

function WhyWeKeepIt() {
  return (
    <LegalSection title={<Trans>Why we keep it</Trans>}>
      <LegalPoints
        points={[
          <Trans>To answer admission enquiries and admit students.</Trans>,
          <Trans>To run the classes: batches, timetables, attendance, tests, notes and announcements.</Trans>,
          <Trans>To keep parents informed about attendance and progress, and to reach them when needed.</Trans>,
          <Trans>To send the mails you ask for, such as a password reset link or the newsletter.</Trans>,
          <Trans>To keep accounts and the site secure.</Trans>,
          <Trans>To keep the records that Indian law requires, such as fee receipts and accounts.</Trans>,
        ]}
      />
      <p>
        <Trans>
          We do not sell personal data, we do not show advertisements, and we use no third-party analytics or tracking on this site. We use personal
          data only for the purposes above.
        </Trans>
      </p>
    </LegalSection>
  );
}

function ChildrensData() {
  return (
    <LegalSection title={<Trans>Children&apos;s data</Trans>}>
      <p>
        <Trans>
          Most of our students are under 18. As the DPDP Act requires, we process a child&apos;s personal data with the verifiable consent of a parent
          or lawful guardian, given at admission, and only for the student&apos;s education with us. We do not track children&apos;s behaviour or
          target them with advertising. Parents and guardians exercise the rights below on behalf of their children.
        </Trans>
      </p>
    </LegalSection>
  );
}

function WhoCanSeeIt() {
  return (
    <LegalSection title={<Trans>Who can see it</Trans>}>
      <LegalPoints
        points={[
          <Trans>The academy&apos;s office staff, who manage admissions, batches and accounts.</Trans>,
          <Trans>A student&apos;s own teachers, for the batches they teach.</Trans>,
          <Trans>The student, who sees their own records after signing in.</Trans>,
          <Trans>
            Companies that host this site and deliver its mail, only to provide that service to us and under a contract that requires them to protect
            the data.
          </Trans>,
          <Trans>Government authorities, only when the law requires us to share it.</Trans>,
        ]}
      />
    </LegalSection>
  );
}

function HowLongWeKeepIt() {
  return (
    <LegalSection title={<Trans>How long we keep it</Trans>}>
      <LegalPoints
        points={[
          <Trans>Admission enquiries that do not lead to an admission: up to one year, then deleted.</Trans>,
          <Trans>
            Student records: while the student studies with us and for three years after they leave (for certificates, references and questions about
            results), then deleted. Fee and accounting records are kept for as long as tax and accounting laws require.
          </Trans>,
          <Trans>Teacher records: while they teach with us, and afterwards only as long as the law requires.</Trans>,
          <Trans>Newsletter: until you ask us to stop sending it.</Trans>,
          <Trans>
            Sign-in sessions: until you log out, or after 14 days without use, and never longer than 60 days. Password reset links stop working after 30
            minutes or once used.
          </Trans>,
          <Trans>Backups of the database are kept for a limited period and then deleted.</Trans>,
        ]}
      />
    </LegalSection>
  );
}

function HowWeProtectIt() {
  return (
    <LegalSection title={<Trans>How we protect it</Trans>}>
      <p>
        <Trans>
          Passwords are stored only as a strong one-way hash. Every person sees only what their role needs: a teacher their own batches, a student
          their own records. Data travels over an encrypted connection, and repeated failed sign-ins are slowed down.
        </Trans>
      </p>
    </LegalSection>
  );
}

function YourRights() {
  return (
    <LegalSection title={<Trans>Your rights</Trans>}>
      <p>
        <Trans>Under the DPDP Act you, or a parent for a child, may ask us to:</Trans>
      </p>
      <LegalPoints
        points={[
          <Trans>give a summary of the personal data we hold about you and how we use it;</Trans>,
          <Trans>correct, complete or update it;</Trans>,
          <Trans>erase it, where we no longer need it and the law does not require us to keep it;</Trans>,
          <Trans>
            withdraw your consent, which is as easy as giving it (some services, such as classes, cannot continue without the data they need);
          </Trans>,
          <Trans>nominate someone to exercise these rights if you are unable to; and</Trans>,
          <Trans>hear and resolve a grievance about how we handle your data.</Trans>,
        ]}
      />
      <p>
        <Trans>
          We answer every request within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.
        </Trans>
      </p>
    </LegalSection>
  );
}

function CookiesAndChanges() {
  const lp = useLocalizedPath();
  return (
    <p>
      <Trans>
        The cookies this site uses are described in our <Link to={lp('/cookies-policy')}>cookies policy</Link>. If this policy changes, we will
        update the date at the top of this page and tell students and parents about important changes.
      </Trans>
    </p>
  );
}
