import { Link } from 'react-router';
import { LegalDocument } from '../../../components/ui/legal-document';
import { usePublicSettings } from '../../../features/settings/api';
import { OfficeContact } from '../../../features/settings/components/office-contact';

export function Component() {
  const name = usePublicSettings().data?.name ?? 'the academy';
  return (
    <LegalDocument
      title="Cookies Policy"
      updated="22 November 2026"
      metaDescription="This site uses one cookie, the sign-in session cookie, which is strictly necessary. No analytics, advertising or tracking cookies."
    >
      <p>
        A cookie is a small piece of text that a website asks your browser to keep and send back on later visits. This page lists every cookie the website
        of {name} uses, and why.
      </p>

      <h2>The one cookie we use</h2>
      <ul>
        <li>
          <strong>Name:</strong> <code>academy_session</code>
        </li>
        <li>
          <strong>Purpose:</strong> keeps you signed in to your student, teacher or admin account after you log in. It holds only a random code that our
          server recognises; it contains no name, email or other personal details.
        </li>
        <li>
          <strong>Type:</strong> strictly necessary. Without it, signing in is not possible.
        </li>
        <li>
          <strong>Set:</strong> only when you log in. Visitors who only read the public pages get no cookie at all.
        </li>
        <li>
          <strong>Lasts:</strong> until you log out, or 14 days after you last used the site, and never more than 60 days after you logged in. Resetting
          your password ends all your sessions.
        </li>
        <li>
          <strong>Protection:</strong> it cannot be read by scripts on the page, is sent only to this site, and only over an encrypted connection when the
          site is served over HTTPS.
        </li>
      </ul>

      <h2>What we do not use</h2>
      <p>
        No analytics, advertising, social media or other third-party cookies, and no tracking pixels. We do not follow you across other websites.
      </p>

      <h2>Stored on your device, not cookies</h2>
      <p>
        In the signed-in area, your browser remembers whether you collapsed the side menu, so that it stays the way you left it. This setting stays on your
        device and is never sent to us.
      </p>

      <h2>Your choice</h2>
      <p>
        Because the session cookie is strictly necessary and is set only when you choose to log in, this site shows no cookie banner. You can delete or block cookies in your browser&apos;s settings at any time: the public pages keep working, but you will not be able to sign
        in. Read how we handle personal data in our <Link to="/privacy-policy">privacy policy</Link>.
      </p>

      <h2>Who to ask</h2>
      <OfficeContact />
    </LegalDocument>
  );
}
