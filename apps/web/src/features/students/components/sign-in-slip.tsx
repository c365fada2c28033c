import { Alert, Button, Code, Group, Select, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@academy/shared/languages';
import { studentSignInSlipInputSchema } from '@academy/shared/schemas/students';
import { PasswordWithGenerate } from '../../../components/ui/password-with-generate';
import { modals } from '../../../lib/modals';
import { useEntityForm } from '../../../lib/use-entity-form';
import { STUDENT_FAILURES, useSignInSlip } from '../api';

type SlipStudent = { _id: string; name: string; studentCode: string };
type SlipValues = { password: string; language: Language | '' };

/**
 * The sign-in slip (issue 42): sets the password and downloads the printable slip made with it. With
 * `password` (just chosen on the create form) it is shown, not asked again; without, the office types
 * or generates a new one (a reset: the student is signed out everywhere). The password lives in this
 * dialog only: the server keeps its hash, and closing the dialog forgets it.
 */
function SignInSlipForm({ student, password, language }: { student: SlipStudent; password?: string; language?: Language }) {
  const { t } = useLingui();
  const slip = useSignInSlip(student._id, student.studentCode);
  const [printed, setPrinted] = useState(false);
  const { form, onSubmit, saving, formError } = useEntityForm<SlipValues, void>({
    initialValues: { password: password ?? '', language: language ?? '' },
    schema: studentSignInSlipInputSchema,
    toInput: (values) => ({ password: values.password, ...(values.language ? { language: values.language } : {}) }),
    save: (values) => slip.mutateAsync({ password: values.password, ...(values.language ? { language: values.language } : {}) }),
    onSaved: () => setPrinted(true),
    failure: STUDENT_FAILURES.signInSlip,
    leaveGuard: false,
  });
  const languageOptions = [{ value: '', label: t`The student's language` }, ...LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            Student ID: <strong>{student.studentCode}</strong>
          </Trans>
        </Text>
        {password ? (
          <Text size="sm">
            <Trans>Password:</Trans> <Code fz="md">{password}</Code>
          </Text>
        ) : (
          <PasswordWithGenerate
            label={t`New password`}
            description={t`Type one or generate one. It replaces the current password and signs the student out on every device.`}
            required
            data-autofocus
            inputKey={form.key('password')}
            {...form.getInputProps('password')}
            onGenerate={(generated) => form.setFieldValue('password', generated)}
          />
        )}
        <Select label={t`Language of the slip`} data={languageOptions} allowDeselect={false} key={form.key('language')} {...form.getInputProps('language')} />
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        {printed ? (
          <Alert color="teal" variant="light" role="status" title={t`Sign-in slip downloaded`}>
            <Trans>Print it and give it to the family. The password is not kept anywhere in clear: if the slip is lost, print a new one with a new password.</Trans>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => modals.closeAll()}>
            {printed ? t`Done` : t`Close`}
          </Button>
          <Button type="submit" loading={saving} leftSection={<IconPrinter size={18} aria-hidden="true" />}>
            {password ? t`Print sign-in slip` : t`Set password and print slip`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens the sign-in slip dialog for a student: after creating them (with the password just set) or to give a new password. */
export function useSignInSlipDialog() {
  const { t } = useLingui();
  return (student: SlipStudent, options: { password?: string; language?: Language } = {}) =>
    modals.open({
      title: options.password ? t`${student.name} can sign in` : t`New password and sign-in slip`,
      centered: true,
      children: <SignInSlipForm student={student} password={options.password} language={options.language} />,
    });
}
