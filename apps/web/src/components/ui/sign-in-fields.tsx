import { PasswordInput, Select } from '@mantine/core';
import { PasswordWithGenerate } from './password-with-generate';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES } from '@academy/shared/languages';

type SignInValues = { password: string; language: string; status: string };

/**
 * The sign-in part of a person's form (a student's, a teacher's): the password (empty keeps it, or
 * mails a link to set one), the language of their mails and screens (new accounts only) and the
 * status that lets them sign in or not. The form's own values carry these three fields.
 */
export function SignInFields<Values extends SignInValues>({
  form,
  editing,
  newPasswordHint,
  statusOptions,
  statusHint,
  generatePassword = false,
}: {
  form: UseFormReturnType<Values>;
  editing: boolean;
  /** How a new account without a password gets one (the hint under Password when creating). */
  newPasswordHint: string;
  statusOptions: { value: string; label: string }[];
  /** What the statuses mean for this kind of person. */
  statusHint: string;
  /** Offer "Generate a password" (a readable one, shown in the field) under the password (issue 42). */
  generatePassword?: boolean;
}) {
  const { t } = useLingui();
  const passwordProps = {
    label: editing ? t`New password` : t`Password`,
    description: editing ? t`Leave empty to keep the current password. A new one signs them out on every device.` : newPasswordHint,
    ...form.getInputProps('password'),
  };
  return (
    <>
      {generatePassword ? (
        <PasswordWithGenerate
          inputKey={form.key('password')}
          {...passwordProps}
          onGenerate={(password) => form.setFieldValue('password', password as Values['password'] & never)}
        />
      ) : (
        <PasswordInput autoComplete="new-password" key={form.key('password')} {...passwordProps} />
      )}
      {!editing && (
        <Select
          label={t`Language of their mails and screens`}
          description={t`The welcome mail is written in it; they can change it later from their menu.`}
          data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          allowDeselect={false}
          key={form.key('language')}
          {...form.getInputProps('language')}
        />
      )}
      <Select label={t`Status`} description={statusHint} data={statusOptions} allowDeselect={false} key={form.key('status')} {...form.getInputProps('status')} />
    </>
  );
}
