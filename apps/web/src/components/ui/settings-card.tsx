import type { FormEvent, ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ApiResult } from '../../lib/api-client';
import { QueryStates, type QueryStatesProps } from './query-states';
import { showNotSaved, showSaved } from './save-notices';
import { useEntityForm, type EntityFormOptions } from '../../lib/use-entity-form';

type SettingsFormOptions<Values, Saved> = Omit<EntityFormOptions<Values, ApiResult<Saved>>, 'onSaved' | 'onFailed' | 'leaveGuard'> & {
  /** The settings the server stored, as the form's values again. */
  toValues: (saved: Saved) => Values;
  /** The notification after a save: its title, and its message when the server gives none. */
  saved: { title: string; message: ReactNode };
  /** The notification after a refusal: its title, and its message when the server gives none. */
  failed: { title: string; message?: string | MessageDescriptor };
  /** What else the card keeps up to date after a save (whether a secret is set…). */
  afterSave?: (saved: Saved) => void;
};

/**
 * The form of one card of the Settings screen (Payments, Tax, Messages, Absence alerts, Off-site
 * backups). A card is a part of a bigger screen, so it does not ask before leaving; after a save it
 * shows what the server stored (trimmed, secrets as "set") and starts clean from it.
 */
// Mantine's useForm takes `Record<string, any>`, as useEntityForm.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useSettingsForm<Values extends Record<string, any>, Saved>({ toValues, saved, failed, afterSave, ...options }: SettingsFormOptions<Values, Saved>) {
  const entity = useEntityForm<Values, ApiResult<Saved>>({
    ...options,
    onSaved: ({ data, message }) => {
      const values = toValues(data);
      entity.form.setValues(values);
      entity.form.resetDirty(values);
      afterSave?.(data);
      showSaved(saved.title, message ?? saved.message);
    },
    onFailed: (error) => showNotSaved(failed.title, error, failed.message),
    leaveGuard: false,
  });
  return entity;
}

type SettingsCardProps = {
  /** The title's element id, which names the form for assistive technology. */
  titleId: string;
  title: ReactNode;
  /** What the card is for, under its title. */
  description: ReactNode;
  /** A line under the description, in the card's heading (Tax: from when the saved settings apply). */
  note?: ReactNode;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** The save button's words, e.g. "Save tax settings". */
  saveLabel: ReactNode;
  /** A refusal that names no field, above the save button. */
  formError?: string | null;
  children: ReactNode;
};

/**
 * A Settings panel's data: while it loads, a grey block as wide as the panel (`skeleton` high); then, as
 * QueryStates, the reason and "Try again" when it failed, or the panel.
 */
export function SettingsQueryStates<T>({ skeleton, ...states }: Omit<QueryStatesProps<T>, 'skeleton'> & { skeleton: number }) {
  if (states.query.isPending) return <Skeleton h={skeleton} radius="md" maw={880} aria-hidden="true" />;
  return <QueryStates skeleton={skeleton} {...states} />;
}

type SettingsPanelProps = {
  /** The title's element id, which names the panel (or the form around it) for assistive technology. */
  titleId: string;
  title: ReactNode;
  /** What the panel is for, under its title. */
  description: ReactNode;
  /** A line under the description, in the panel's heading. */
  note?: ReactNode;
  /**
   * A section of its own, named by its title (the default); false inside a form that the title names
   * already (SettingsCard, Brand, Your app).
   */
  section?: boolean;
  testId?: string;
  children: ReactNode;
};

/** The frame of one panel of the Settings screen: its title and what it is for, then its content. */
export function SettingsPanel({ titleId, title, description, note, section = true, testId, children }: SettingsPanelProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      maw={880}
      component={section ? 'section' : 'div'}
      aria-labelledby={section ? titleId : undefined}
      data-testid={testId}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {note}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** One card of the Settings screen: its title and what it is for, the fields, and the save button. */
export function SettingsCard({ titleId, title, description, note, onSubmit, saving, saveLabel, formError, children }: SettingsCardProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <SettingsPanel titleId={titleId} title={title} description={description} note={note} section={false}>
        {children}
        {formError ? (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </SettingsPanel>
    </form>
  );
}
