import { Link } from 'react-router';
import { LegalDocument } from '../../../components/ui/legal-document';
import { usePublicSettings } from '../../../features/settings/api';
import { OfficeContact } from '../../../features/settings/components/office-contact';

export function Component() {
  const name = usePublicSettings().data?.name ?? 'the academy';
  return (
    <LegalDocument
      title="Terms of Service"
      updated="22 November 2026"
      metaDescription="The terms for using the academy's website and the student, teacher and admin accounts: admissions, accounts, study material, fees and governing law."
    >
      <p>
        These terms apply to the website of {name} (&ldquo;the academy&rdquo;, &ldquo;we&rdquo;) and to the student, teacher and admin accounts on it. By
        using the site you accept them. If you are under 18, a parent or guardian accepts them for you.
      </p>

      <h2>Information on the site</h2>
      <p>
        We keep courses, batches, timings and seats up to date, but they can change. Seats shown as left are a guide until the office confirms an admission.
      </p>

      <h2>Admission enquiries</h2>
      <p>
        Sending the registration form is a request, not an admission. A student is admitted when the office confirms the admission and the fees are paid as
        set out on the admission form and fee receipt.
      </p>

      <h2>Accounts</h2>
      <ul>
        <li>The academy creates accounts for its students and teachers. An account is personal: do not share it or its password.</li>
        <li>Tell the office at once if you think someone else has used your account; you can also reset your password from the login page.</li>
        <li>We may suspend an account that is misused, and we close a student&apos;s account when they leave the academy.</li>
      </ul>

      <h2>Acceptable use</h2>
      <ul>
        <li>Do not try to reach data that is not yours, to break or overload the site, or to get around its security.</li>
        <li>Do not upload anything unlawful, harmful or unrelated to studies.</li>
        <li>Be respectful to students, parents and staff in every message.</li>
      </ul>

      <h2>Study material</h2>
      <p>
        Notes, tests and other material shared on the site belong to the academy or its teachers. They are for the personal study of our students and may
        not be sold, published or shared outside the academy.
      </p>

      <h2>Fees and refunds</h2>
      <p>Fees, instalments and refunds are governed by the admission form and fee receipt given to you at admission, not by this website.</p>

      <h2>Availability and liability</h2>
      <p>
        We work to keep the site available and correct, but we cannot promise it will always be free of interruptions or errors. As far as the law allows,
        the academy is not liable for indirect losses arising from the use of the site. Nothing in these terms limits any right you have under Indian law
        that cannot be limited.
      </p>

      <h2>Privacy</h2>
      <p>
        How we handle personal data is explained in our <Link to="/privacy-policy">privacy policy</Link> and <Link to="/cookies-policy">cookies policy</Link>.
      </p>

      <h2>Law and changes</h2>
      <p>
        These terms are governed by the laws of India, and the courts at Latur, Maharashtra have jurisdiction. When the terms change, we update the date at
        the top of this page.
      </p>

      <h2>Who to ask</h2>
      <OfficeContact />
    </LegalDocument>
  );
}
