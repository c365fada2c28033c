import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseFormReturnType } from '@mantine/form';
import type { ZodType } from 'zod';
import { MESSAGES } from '@academy/shared/messages';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { PROFILE_FAILURES } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * A person's own profile form (a student's, a teacher's, an admin's): it stays open after a save and
 * shows what the server kept (the phone as it writes it), with one notice for saved and one for not.
 */
// Mantine's useForm takes `Record<string, any>`, as useEntityForm does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useProfileForm<Values extends Record<string, any>, Saved>(options: {
  initialValues: Values;
  schema: ZodType;
  save: (values: Values) => Promise<{ data: Saved; message?: string }>;
  /** The saved record as the form's values again. */
  toValues: (saved: Saved) => Values;
}) {
  const { t } = useLingui();
  const entity = useEntityForm({
    initialValues: options.initialValues,
    schema: options.schema,
    save: options.save,
    onSaved: ({ data, message }) => {
      const saved = options.toValues(data);
      entity.form.setValues(saved);
      entity.form.resetDirty(saved);
      entity.markSaved(saved);
      notifications.show({ title: t`Profile saved`, message: message ?? MESSAGES.profileUpdated, color: 'teal' });
    },
    onFailed: (error) => notifications.show({ title: t`Profile not saved`, message: normalizeError(error, PROFILE_FAILURES.update).message, color: 'red' }),
  });
  return entity;
}

/** The picture field of a profile: an image address, or empty for the initials. */
export function PictureField<Values extends { avatarUrl: string }>({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Picture address`}
      description={t`A full image address starting with https://; empty shows your initials.`}
      type="url"
      inputMode="url"
      key={form.key('avatarUrl')}
      {...form.getInputProps('avatarUrl')}
    />
  );
}

export function SaveProfileButton({ saving }: { saving: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={saving}>
        <Trans>Save Profile</Trans>
      </Button>
    </Group>
  );
}
