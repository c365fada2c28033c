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
      title={t`Cookies Policy`}
      updated={`25 ${formatMonthName(11)} 2026`}
      metaDescription={t`This site uses three cookies: the sign-in session and a sign that you are signed in, both set only when you log in, and the language you read the site in. No analytics, advertising or tracking cookies.`}
    >
      <p>
        <Trans>
          A cookie is a small piece of text that a website asks your browser to keep and send back on later visits. This page lists every cookie the website
          of {name} uses, and why.
        </Trans>
      </p>

      <h2>
        <Trans>The cookies we use</Trans>
      </h2>
      <SessionCookie />
      <SignedInCookie />

      <LanguageCookie />

      <WhatWeDoNotUse />

      <StoredOnYourDevice />

      <YourChoice />

      <WhoToAsk />
    </LegalDocument>
  );
}

function SessionCookie() {
  return (
    <LegalPoints
      points={[
        <Trans>
          <strong>Name:</strong> <code>academy_session</code>
        </Trans>,
        <Trans>
          <strong>Purpose:</strong> keeps you signed in to your student, teacher or admin account after you log in. It holds only a random code that our
          server recognises; it contains no name, email or other personal details.
        </Trans>,
        <Trans>
          <strong>Type:</strong> strictly necessary. Without it, signing in is not possible.
        </Trans>,
        <Trans>
          <strong>Set:</strong> only when you log in. Visitors who only read the public pages get only the language cookie below.
        </Trans>,
        <Trans>
          <strong>Lasts:</strong> until you log out, or 14 days after you last used the site, and never more than 60 days after you logged in. Resetting
          your password ends all your sessions.
        </Trans>,
        <Trans>
          <strong>Protection:</strong> it cannot be read by scripts on the page, is sent only to this site, and only over an encrypted connection when the
          site is served over HTTPS.
        </Trans>,
      ]}
    />
  );
}

function SignedInCookie() {
  return (
    <LegalPoints
      points={[
        <Trans>
          <strong>Name:</strong> <code>academy_signed_in</code>
        </Trans>,
        <Trans>
          <strong>Purpose:</strong> tells the pages that you are signed in, so that a page opens without first asking our server who you are (a slow step
          on mobile data). It holds only the digit 1 and gives no access to anything.
        </Trans>,
        <Trans>
          <strong>Type:</strong> strictly necessary, part of signing in.
        </Trans>,
        <Trans>
          <strong>Set and lasts:</strong> together with the sign-in session cookie above, and removed with it when you log out.
        </Trans>,
      ]}
    />
  );
}

function LanguageCookie() {
  return (
    <LegalPoints
      points={[
        <Trans>
          <strong>Name:</strong> <code>academy_language</code>
        </Trans>,
        <Trans>
          <strong>Purpose:</strong> remembers the language you read the site in (English, Marathi or Hindi), so that the next page and your next visit
          open in it instead of the academy&apos;s own language. It holds only the language&apos;s two-letter code (en, mr or hi) and nothing about you.
        </Trans>,
        <Trans>
          <strong>Type:</strong> functional: it keeps a choice you made.
        </Trans>,
        <Trans>
          <strong>Set and lasts:</strong> when a page is shown to you in a language, for one year; choosing another language replaces it. It is sent only
          to this academy&apos;s own site.
        </Trans>,
      ]}
    />
  );
}

function WhatWeDoNotUse() {
  return (
    <LegalSection title={<Trans>What we do not use</Trans>}>
      <p>
        <Trans>No analytics, advertising, social media or other third-party cookies, and no tracking pixels. We do not follow you across other websites.</Trans>
      </p>
    </LegalSection>
  );
}

function StoredOnYourDevice() {
  return (
    <LegalSection title={<Trans>Stored on your device, not cookies</Trans>}>
      <p>
        <Trans>
          In the signed-in area, your browser remembers whether you collapsed the side menu, so that it stays the way you left it. This setting stays on
          your device and is never sent to us.
        </Trans>
      </p>
    </LegalSection>
  );
}

function YourChoice() {
  const lp = useLocalizedPath();
  return (
    <LegalSection title={<Trans>Your choice</Trans>}>
      <p>
        <Trans>
          Because the session cookies are strictly necessary and set only when you choose to log in, and the language cookie only keeps the language you
          read in, this site shows no cookie banner. You can delete or block cookies in your browser&apos;s settings at any time: the public pages keep working, but you will not be able to sign in. Read how we handle
          personal data in our <Link to={lp('/privacy-policy')}>privacy policy</Link>.
        </Trans>
      </p>
    </LegalSection>
  );
}
