import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type Ref, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OTP_RESEND_AFTER_SECONDS, otpSchema } from '@academy/shared/schemas/admissions';
import { ApiError, fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { translateServerText } from '../../../lib/server-text';
import { PhoneLink } from '../../../components/ui/phone-link';
import { usePublicSettings } from '../../settings/api';
import { formatCountdown, type VerifiedContact } from '../admission-form';
import { formatPhone } from '../../../lib/phone';
import { useSendOtp, useVerifyOtp } from '../api';
import { keepFocus } from './keep-focus';

export type VerificationState = VerifiedContact | null;

interface ContactVerificationProps {
  /** What is proven: the email (a mailed code), or the phone of a family without email (a code by WhatsApp or SMS). */
  kind: VerifiedContact['kind'];
  /** The address as the server keeps it (contactAddress): lower-case email, or +91XXXXXXXXXX ('' while not a mobile number). */
  address: string;
  /** Checks the fields of this step (phone, name, email) before a code is sent. */
  validateBeforeSend: () => boolean;
  verified: VerificationState;
  onVerified: (state: VerificationState) => void;
  /** The step's next action (Send code, or the code field): focused when Next is refused for want of it. */
  actionRef?: RefObject<HTMLElement | null>;
}

type VerificationInput = Pick<ContactVerificationProps, 'kind' | 'address' | 'validateBeforeSend' | 'verified' | 'onVerified'>;

/**
 * The state of the contact's proof: where a code was sent and when another may be asked for, the typed
 * code, the send's and the check's errors, and where focus goes next (the code field, the verified note).
 */
function useContactVerification({ kind, address, validateBeforeSend, verified, onVerified }: VerificationInput) {
  const sendOtp = useSendOtp(kind);
  const verifyOtp = useVerifyOtp(kind);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  // A limit was hit: the academy's phones are the other way in.
  const [limited, setLimited] = useState(false);
  // The code field was opened by "a code was sent less than a minute ago", not by a new send.
  const [sentEarlier, setSentEarlier] = useState(false);
  // Focus follows the step: to the code field after a send, to the verified message after Verify.
  // A ref, not state: the send or verify already re-renders, and the effect below acts on it then.
  const focusTarget = useRef<'code' | 'verified' | null>(null);
  const codeInputRef = useRef<HTMLInputElement>(null);
  const verifiedAlertRef = useRef<HTMLDivElement>(null);
  // A one-second tick drives the resend countdown.
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const isVerified = verified !== null && verified.kind === kind && verified.address === address;
  const awaitingCode = sentTo !== null && sentTo === address && !isVerified;
  // How the address is shown: a phone grouped (+91 98220 12345).
  const shownTo = kind === 'phone' && sentTo ? formatPhone(sentTo) : sentTo;

  useEffect(() => {
    const target = focusTarget.current === 'code' ? codeInputRef.current : focusTarget.current === 'verified' ? verifiedAlertRef.current : null;
    if (!target) return;
    target.focus();
    focusTarget.current = null;
  });

  const send = () => {
    setSendError(null);
    setLimited(false);
    if (!validateBeforeSend()) return;
    sendOtp.mutate(address, {
      onSuccess: ({ data }) => {
        setSentTo(address);
        setSentEarlier(false);
        setCode('');
        setCodeError(null);
        setResendAt(Date.now() + (data?.resendAfterSeconds ?? OTP_RESEND_AFTER_SECONDS) * 1000);
        setNow(Date.now());
        focusTarget.current = 'code';
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors?.otp) {
          // Nothing was sent now, but the code sent less than a minute ago still works.
          const wait = Number(/(\d+) seconds?/.exec(fieldErrors.otp)?.[1] ?? OTP_RESEND_AFTER_SECONDS);
          setSentTo(address);
          setSentEarlier(true);
          setResendAt(Date.now() + wait * 1000);
          setNow(Date.now());
          setSendError(fieldErrors.otp);
          focusTarget.current = 'code';
          return;
        }
        setLimited(error instanceof ApiError && error.status === 429);
        setSendError(fieldErrors?.email ?? fieldErrors?.phone ?? normalizeError(error, t`Failed to send the code. Please try again.`).message);
      },
    });
  };

  const verify = (typed = code) => {
    const parsed = otpSchema.safeParse(typed);
    if (!parsed.success) {
      setCodeError(translateServerText(parsed.error.issues[0]?.message ?? t`Enter the 6-digit code`));
      return;
    }
    verifyOtp.mutate(
      { address, otp: parsed.data },
      {
        onSuccess: ({ data }) => {
          onVerified({ kind, address, token: data.verificationToken, expiresAt: data.expiresAt });
          focusTarget.current = 'verified';
        },
        onError: (error) => setCodeError(normalizeError(error, t`Failed to check the code. Please try again.`).message),
      },
    );
  };

  return {
    isVerified, awaitingCode, shownTo, secondsLeft, code, setCode, codeError, setCodeError, sendError,
    limited, sentEarlier, changeAddress: () => setSentTo(null), send, sending: sendOtp.isPending, verify, verifying: verifyOtp.isPending, codeInputRef, verifiedAlertRef,
  };

}

type Verification = ReturnType<typeof useContactVerification>;

/** The contact is proven: said, and focused so a screen reader hears it. */
function VerifiedNote({ kind, verified, verifiedAlertRef }: { kind: VerifiedContact['kind']; verified: VerifiedContact; verifiedAlertRef: Verification['verifiedAlertRef'] }) {
  const { t } = useLingui();
  return (
    <Alert ref={verifiedAlertRef} tabIndex={-1} color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden="true" />} title={kind === 'email' ? t`Email verified` : t`Phone verified`} role="status">
      {kind === 'email' ? (
        <Trans>{verified.address} is verified. Continue with the student&apos;s details.</Trans>
      ) : (
        <Trans>{formatPhone(verified.address)} is verified. Continue with the student&apos;s details.</Trans>
      )}
    </Alert>
  );
}

/** Before a code is sent: what it is for, and the Send code button. */
function SendCodeStep({ kind, verification, actionRef }: { kind: VerifiedContact['kind']; verification: Verification; actionRef: ContactVerificationProps['actionRef'] }) {
  const settings = usePublicSettings();
  const { send, sending, sendError, limited } = verification;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {kind === 'email' ? (
          <Trans>We will mail a 6-digit code to this address to make sure it is yours.</Trans>
        ) : (
          <Trans>We will send a 6-digit code to this mobile number by WhatsApp or SMS to make sure it is yours.</Trans>
        )}
      </Text>
      <Group>
        <Button ref={actionRef as Ref<HTMLButtonElement>} onMouseDown={keepFocus} onClick={send} loading={sending} variant="light">
          <Trans>Send code</Trans>
        </Button>
      </Group>
      {sendError ? <SendError message={sendError} phones={limited ? (settings.data?.phones ?? []) : []} /> : null}
    </Stack>
  );
}

/** A code was sent: the field to type it (checked at the sixth digit), Verify, and the resend countdown. */
function EnterCodeStep({ kind, verification, actionRef }: { kind: VerifiedContact['kind']; verification: Verification; actionRef: ContactVerificationProps['actionRef'] }) {
  const { t } = useLingui();
  const settings = usePublicSettings();
  const { shownTo, sentEarlier, changeAddress, codeInputRef, code, setCode, codeError, setCodeError, verify, verifying, secondsLeft, send, sending, sendError, limited } = verification;
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {sentEarlier ? (
          <>
            <Trans>
              Enter the 6-digit code we sent to <strong>{shownTo}</strong> a moment ago.
            </Trans>{' '}
          </>
        ) : (
          <>
            <Trans>
              We have sent a 6-digit code to <strong>{shownTo}</strong>. It is valid for 10 minutes.
            </Trans>{' '}
          </>
        )}
        <Anchor component="button" type="button" size="sm" onClick={changeAddress}>
          {kind === 'email' ? <Trans>Change email</Trans> : <Trans>Change number</Trans>}
        </Anchor>
      </Text>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          ref={(node) => {
            codeInputRef.current = node;
            if (actionRef) actionRef.current = node;
          }}
          label={t`Verification code`}
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          w={160}
          value={code}
          error={codeError}
          onChange={(event) => {
            const digits = event.currentTarget.value.replace(/\D/g, '');
            setCode(digits);
            setCodeError(null);
            // The sixth digit checks the code at once (a pasted or auto-filled code too): no extra tap.
            if (digits.length === 6 && digits !== code && !verifying) verify(digits);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              verify();
            }
          }}
        />
        <Button mt={25} onMouseDown={keepFocus} onClick={() => verify()} loading={verifying}>
          <Trans>Verify</Trans>
        </Button>
      </Group>
      {secondsLeft > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          <Trans>Resend code in {formatCountdown(secondsLeft)}</Trans>
        </Text>
      ) : (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {kind === 'email' ? <Trans>No mail? Check the spam folder, or</Trans> : <Trans>No message yet?</Trans>}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={send} loading={sending}>
            <Trans>Resend code</Trans>
          </Button>
        </Group>
      )}
      {sendError ? <SendError message={sendError} phones={limited ? (settings.data?.phones ?? []) : []} /> : null}
    </Stack>
  );
}

/**
 * The contact step's three states: send a code, then enter it (with a countdown until another code
 * may be asked for), then verified. Changing the email (or the phone) afterwards starts again.
 */
export function ContactVerification({ kind, address, validateBeforeSend, verified, onVerified, actionRef }: ContactVerificationProps) {
  const verification = useContactVerification({ kind, address, validateBeforeSend, verified, onVerified });
  if (verification.isVerified && verified) return <VerifiedNote kind={kind} verified={verified} verifiedAlertRef={verification.verifiedAlertRef} />;
  if (!verification.awaitingCode) return <SendCodeStep kind={kind} verification={verification} actionRef={actionRef} />;
  return <EnterCodeStep kind={kind} verification={verification} actionRef={actionRef} />;
}

/** Why no code was sent; when a limit was hit, the academy's phones as the other way in. */
function SendError({ message, phones }: { message: string; phones: string[] }) {
  return (
    <Stack gap={4} role="alert">
      <Text size="sm" c="red.9">
        {message}
      </Text>
      {phones.length > 0 ? (
        <Text size="sm">
          <Trans>Or call the office:</Trans>{' '}
          {phones.map((phone, index) => (
            <span key={phone}>
              {index > 0 ? ', ' : ''}
              <PhoneLink phone={phone} />
            </span>
          ))}
        </Text>
      ) : null}
    </Stack>
  );
}
