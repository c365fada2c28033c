import { Link } from 'react-router';
import { LegalDocument } from '../../../components/ui/legal-document';
import { usePublicSettings } from '../../../features/settings/api';
import { OfficeContact } from '../../../features/settings/components/office-contact';

export function Component() {
  const name = usePublicSettings().data?.name ?? 'the academy';
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="22 November 2026"
      metaDescription="What personal data the academy keeps about students, parents, teachers and visitors, why, for how long, and your rights under India's DPDP Act, 2023."
    >
      <p>
        This policy explains what personal data {name} (&ldquo;the academy&rdquo;, &ldquo;we&rdquo;) keeps, why we keep it, for how long, and what you can
        ask us to do with it. It follows India&apos;s Digital Personal Data Protection Act, 2023 (the &ldquo;DPDP Act&rdquo;), under which we are the Data
        Fiduciary for this data.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Admission enquiries:</strong> the student&apos;s name, standard, school and subjects of interest; the parent&apos;s name; phone numbers;
          email address; and the message you send us.
        </li>
        <li>
          <strong>Students:</strong> name, email, gender, date of birth, address, phone numbers, the parent&apos;s name, phone and email, school,
          standard, admission date, the batches the student is in, attendance, and the notes and announcements shared with them.
        </li>
        <li>
          <strong>Teachers:</strong> name, email, phone number, address, qualification, subjects taught, joining date and the batches they teach.
        </li>
        <li>
          <strong>Accounts:</strong> the email address used to sign in, a one-way hash of the password (never the password itself), the time of the
          last sign-in and the current sign-in sessions.
        </li>
        <li>
          <strong>Newsletter:</strong> only the email address you subscribe with.
        </li>
        <li>
          <strong>Technical records:</strong> our server notes the network address and time of requests, to keep the site secure and to stop abuse such
          as repeated wrong passwords.
        </li>
      </ul>

      <h2>Why we keep it</h2>
      <ul>
        <li>To answer admission enquiries and admit students.</li>
        <li>To run the classes: batches, timetables, attendance, tests, notes and announcements.</li>
        <li>To keep parents informed about attendance and progress, and to reach them when needed.</li>
        <li>To send the mails you ask for, such as a password reset link or the newsletter.</li>
        <li>To keep accounts and the site secure.</li>
        <li>To keep the records that Indian law requires, such as fee receipts and accounts.</li>
      </ul>
      <p>
        We do not sell personal data, we do not show advertisements, and we use no third-party analytics or tracking on this site. We use personal data only
        for the purposes above.
      </p>

      <h2>Children&apos;s data</h2>
      <p>
        Most of our students are under 18. As the DPDP Act requires, we process a child&apos;s personal data with the verifiable consent of a parent or
        lawful guardian, given at admission, and only for the student&apos;s education with us. We do not track children&apos;s behaviour or target them
        with advertising. Parents and guardians exercise the rights below on behalf of their children.
      </p>

      <h2>Who can see it</h2>
      <ul>
        <li>The academy&apos;s office staff, who manage admissions, batches and accounts.</li>
        <li>A student&apos;s own teachers, for the batches they teach.</li>
        <li>The student, who sees their own records after signing in.</li>
        <li>
          Companies that host this site and deliver its mail, only to provide that service to us and under a contract that requires them to protect the data.
        </li>
        <li>Government authorities, only when the law requires us to share it.</li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Admission enquiries that do not lead to an admission: up to one year, then deleted.</li>
        <li>
          Student records: while the student studies with us and for three years after they leave (for certificates, references and questions about
          results), then deleted. Fee and accounting records are kept for as long as tax and accounting laws require.
        </li>
        <li>Teacher records: while they teach with us, and afterwards only as long as the law requires.</li>
        <li>Newsletter: until you ask us to stop sending it.</li>
        <li>
          Sign-in sessions: until you log out, or after 14 days without use, and never longer than 60 days. Password reset links stop working after 30
          minutes or once used.
        </li>
        <li>Backups of the database are kept for a limited period and then deleted.</li>
      </ul>

      <h2>How we protect it</h2>
      <p>
        Passwords are stored only as a strong one-way hash. Every person sees only what their role needs: a teacher their own batches, a student their own
        records. Data travels over an encrypted connection, and repeated failed sign-ins are slowed down.
      </p>

      <h2>Your rights</h2>
      <p>Under the DPDP Act you, or a parent for a child, may ask us to:</p>
      <ul>
        <li>give a summary of the personal data we hold about you and how we use it;</li>
        <li>correct, complete or update it;</li>
        <li>erase it, where we no longer need it and the law does not require us to keep it;</li>
        <li>withdraw your consent, which is as easy as giving it (some services, such as classes, cannot continue without the data they need);</li>
        <li>nominate someone to exercise these rights if you are unable to; and</li>
        <li>hear and resolve a grievance about how we handle your data.</li>
      </ul>
      <p>
        We answer every request within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.
      </p>

      <h2>Who to ask</h2>
      <OfficeContact />
      <p>
        The only cookie this site uses is described in our <Link to="/cookies-policy">cookies policy</Link>. If this policy changes, we will update the date
        at the top of this page and tell students and parents about important changes.
      </p>
    </LegalDocument>
  );
}
