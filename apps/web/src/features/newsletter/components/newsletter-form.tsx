import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, NEWSLETTER_POPUPS } from '@academy/shared/messages';
import { serverMessageOf } from '../../../lib/api-client';
import { useSubscribeToNewsletter } from '../api';
import { isValidNewsletterEmail } from '../newsletter-email';
import { translateServerText } from '../../../lib/server-text';
import { useLingui } from '@lingui/react/macro';

/**
 * The footer's newsletter signup (spec sections 4, 5, 8 and 9): a bad address is flagged inline and
 * in a popup without a call; while sending the input is disabled and the button says so; the result
 * is a popup. Plain state, no form library: this code loads with every public page.
 */
export function NewsletterForm() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeToNewsletter();
  const sending = subscribe.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!isValidNewsletterEmail(email)) {
      setError(translateServerText(MESSAGES.newsletterInvalidEmail));
      notifications.show({
        title: translateServerText(NEWSLETTER_POPUPS.invalidEmail.title),
        message: translateServerText(NEWSLETTER_POPUPS.invalidEmail.message),
        color: 'red',
        autoClose: NEWSLETTER_POPUPS.invalidEmail.autoCloseMs,
      });
      return;
    }
    setError(null);
    subscribe.mutate(email.trim(), {
      onSuccess: (message) => {
        setEmail('');
        notifications.show({ title: t`Subscribed`, message, color: 'teal', autoClose: NEWSLETTER_POPUPS.resultAutoCloseMs });
      },
      onError: (failure) => {
        setError(translateServerText(NEWSLETTER_POPUPS.failure.message));
        notifications.show({
          title: translateServerText(NEWSLETTER_POPUPS.failure.title),
          message: serverMessageOf(failure) ?? translateServerText(NEWSLETTER_POPUPS.failure.message),
          color: 'red',
          autoClose: NEWSLETTER_POPUPS.resultAutoCloseMs,
        });
      },
    });
  };

  return (
    // The browser's own bubble would pre-empt the spec's message, so the checks are ours (noValidate).
    <form onSubmit={handleSubmit} noValidate aria-label={t`Newsletter signup`}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          miw={0}
          type="email"
          name="email"
          required
          aria-label={t`Email address for the newsletter`}
          placeholder={t`Your email address`}
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (error) setError(null);
          }}
          disabled={sending}
          error={error}
        />
        <Button type="submit" disabled={sending}>
          {sending ? t`Subscribing...` : t`Subscribe`}
        </Button>
      </Group>
    </form>
  );
}
