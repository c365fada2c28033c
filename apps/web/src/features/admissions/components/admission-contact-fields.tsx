import { Anchor, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactAddress, type AdmissionFormValues, type VerifiedContact } from '../admission-form';
import { ContactVerification, type VerificationState } from './contact-verification';
import { PhoneInput } from '../../../components/ui/phone-input';

type Props = {
  form: UseFormReturnType<AdmissionFormValues>;
  phoneHint: string;
  /** What the family proves: its email, or its phone when the academy sends codes by WhatsApp or SMS. */
  proveBy: VerifiedContact['kind'];
  onProveByChange: (change: (current: VerifiedContact['kind']) => VerifiedContact['kind']) => void;
  canProveByPhone: boolean;
  verified: VerificationState;
  onVerified: (state: VerificationState) => void;
  contactVerified: boolean;
  /** Checks the step's fields before a code is sent. */
  validateBeforeSend: () => boolean;
  /** Send code (or the code field): where Next moves focus while the contact is not proven. */
  actionRef: RefObject<HTMLElement | null>;
};

/** The admission form's first step: the student's mobile number, name and email, and the proof of one of them. */
export function AdmissionContactFields({ form, phoneHint, proveBy, onProveByChange, canProveByPhone, verified, onVerified, contactVerified, validateBeforeSend, actionRef }: Props) {
  const { t } = useLingui();
  const emailVerified = contactVerified && proveBy === 'email';
  const phoneVerified = contactVerified && proveBy === 'phone';
  return (
      <Stack gap="md" mt="md">
        <PhoneInput
          label={t`Student's mobile number`}
          description={phoneHint}
          withAsterisk
          autoComplete="tel"
          placeholder="98220 12345"
          readOnly={phoneVerified}
          {...form.getInputProps('phone')}
        />
        <TextInput label={t`Student name`} withAsterisk autoComplete="name" {...form.getInputProps('studentName')} />
        <TextInput
          label={proveBy === 'email' ? t`Email` : t`Email (optional)`}
          withAsterisk={proveBy === 'email'}
          type="email"
          inputMode="email"
          autoComplete="email"
          readOnly={emailVerified}
          {...form.getInputProps('email')}
        />
        <ContactVerification
          key={proveBy}
          kind={proveBy}
          address={contactAddress(form.values, proveBy)}
          verified={verified}
          onVerified={(state) => {
            onVerified(state);
            form.clearFieldError(proveBy);
          }}
          validateBeforeSend={validateBeforeSend}
          actionRef={actionRef}
        />
        {canProveByPhone && !contactVerified ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => {
              form.clearErrors();
              onProveByChange((current) => (current === 'email' ? 'phone' : 'email'));
            }}
          >
            {proveBy === 'email' ? <Trans>No email? Verify the mobile number instead</Trans> : <Trans>Verify with an email address instead</Trans>}
          </Anchor>
        ) : null}
      </Stack>
  );
}
