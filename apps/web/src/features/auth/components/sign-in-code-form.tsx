import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGING_MESSAGES } from '@academy/shared/schemas/messaging';
import { PHONE_MESSAGE, canonicalIndianPhone } from '@academy/shared/schemas/phone';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/phone';
import { translateServerText } from '../../../lib/server-text';
import { useSendSignInCode, useVerifySignInCode } from '../api';
import { PhoneInput } from '../../../components/ui/phone-input';

const CODE_LENGTH = 6;

/** The form of either step: "Sign in with a code", its fields in a column, Enter doing the step's action. */
function CodeSignInForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <form
      noValidate
      aria-label={t`Sign in with a code`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/**
 * The two steps' state: the phone (and its error), where the code went and when another may be asked
 * for, the typed code (and its error); focus follows the step.
 */
function useSignInCode() {
  const { t } = useLingui();
  const send = useSendSignInCode();
  const verify = useVerifySignInCode();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);

  // Focus follows the step: the code field once a code is on its way, the phone field when changing it.
  useEffect(() => {
    (sentTo ? codeInput : phoneInput).current?.focus();
  }, [sentTo]);

  const sendCode = () => {
    const canonical = canonicalIndianPhone(phone.trim());
    if (!canonical) {
      setPhoneError(translateServerText(PHONE_MESSAGE));
      return;
    }
    setPhoneError(null);
    send.mutate(canonical, {
      onSuccess: ({ data, message }) => {
        setSentTo(canonical);
        setSentMessage(message ?? translateServerText(MESSAGING_MESSAGES.codeSent));
        setCode('');
        setCodeError(null);
        setResendAt(Date.now() + (data?.resendAfterSeconds ?? 60) * 1000);
        setNow(Date.now());
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        const words = fields?.phone ?? normalizeError(error, t`Failed to send the code. Please try again.`).message;
        // Asked again too soon: the code sent a moment ago still works, so the code field stays.
        if (sentTo) setCodeError(words);
        else setPhoneError(words);
      },
    });
  };

  const check = (typed: string) => {
    if (!sentTo) return;
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(typed)) {
      setCodeError(t`Enter the 6-digit code`);
      return;
    }
    verify.mutate(
      { phone: sentTo, code: typed },
      {
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setCodeError(fields?.code ?? fields?.phone ?? normalizeError(error, t`Failed to check the code. Please try again.`).message);
        },
      },
    );
  };

  const changeNumber = () => {
    setSentTo(null);
    setCode('');
    setCodeError(null);
  };

  return { phone, setPhone, phoneError, setPhoneError, phoneInput, sendCode, sending: send.isPending, sentTo, sentMessage, code, setCode, codeError, setCodeError, codeInput, check, checking: verify.isPending, secondsLeft, changeNumber };
}

type SignInCode = ReturnType<typeof useSignInCode>;

/** The first step: the mobile number, and Send code. */
function PhoneStep({ state, onUsePassword }: { state: SignInCode; onUsePassword: () => void }) {
  const { t } = useLingui();
  const { phone, setPhone, phoneError, setPhoneError, phoneInput, sendCode, sending } = state;
  return (
    <CodeSignInForm onSubmit={sendCode}>
      <Text size="sm" c="dimmed">
        <Trans>Enter the mobile number the academy has for you. We will send a 6-digit code to it by WhatsApp or SMS.</Trans>
      </Text>
      <PhoneInput
        ref={phoneInput}
        label={t`Mobile number`}
        autoComplete="tel-national"
        placeholder="98220 12345"
        value={phone}
        error={phoneError}
        onChange={(event) => {
          setPhone(event.currentTarget.value);
          setPhoneError(null);
        }}
      />
      <Button type="submit" loading={sending} fullWidth>
        <Trans>Send code</Trans>
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onUsePassword}>
        <Trans>Sign in with email and password instead</Trans>
      </Anchor>
    </CodeSignInForm>
  );
}

/** The second step: where the code went, the code field (checked at the sixth digit), a new code, another number. */
function CodeStep({ state, sentTo }: { state: SignInCode; sentTo: string }) {
  const { t } = useLingui();
  const { sentMessage, code, setCode, codeError, setCodeError, codeInput, check, checking, secondsLeft, sendCode, sending, changeNumber } = state;
  const shownPhone = formatPhone(sentTo);
  return (
    <CodeSignInForm onSubmit={() => check(code)}>
      <Stack gap={2} role="status">
        <Text size="sm">{sentMessage}</Text>
        <Text size="sm">
          <Trans>
            Number: <strong style={{ whiteSpace: 'nowrap' }}>{shownPhone}</strong>
          </Trans>
        </Text>
      </Stack>
      <TextInput
        ref={codeInput}
        label={t`Sign-in code`}
        placeholder="123456"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        value={code}
        error={codeError}
        styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
        onChange={(event) => {
          const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
          setCode(digits);
          setCodeError(null);
          // The sixth digit checks the code at once (a pasted or auto-filled code too): no extra tap.
          if (digits.length === CODE_LENGTH && digits !== code && !checking) check(digits);
        }}
      />
      <Button type="submit" loading={checking} fullWidth>
        <Trans>Sign in</Trans>
      </Button>
      {secondsLeft > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          <Trans>You can ask for a new code in {secondsLeft} s.</Trans>
        </Text>
      ) : (
        <Button variant="subtle" size="compact-sm" onClick={sendCode} loading={sending} style={{ alignSelf: 'flex-start' }}>
          <Trans>Send a new code</Trans>
        </Button>
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={changeNumber}
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Change the number</Trans>
      </Anchor>
    </CodeSignInForm>
  );
}

/**
 * A parent signs in with a six-digit code sent to their phone by WhatsApp or SMS (issue 37): the
 * phone, then the code (checked as soon as the sixth digit is typed or pasted). Signed in, the login
 * screen moves on as after a password. The server's words (a limit, a wrong or old code) show under
 * the field they are about.
 */
export function SignInCodeForm({ onUsePassword }: { onUsePassword: () => void }) {
  const state = useSignInCode();
  if (!state.sentTo) return <PhoneStep state={state} onUsePassword={onUsePassword} />;
  return <CodeStep state={state} sentTo={state.sentTo} />;
}
