import { useState } from 'react';
import { Anchor, Button, Card, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FirstRunChecklist as Checklist } from '@academy/shared/schemas/academies';
import { useFirstRunChecklist } from './api';

const DISMISSED_KEY = 'academy.first-run.dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

type ItemKey = Checklist['items'][number]['key'];

/**
 * A new academy's first steps on the admin's dashboard (issue 55): details, standards, subjects, teachers (issue 73), a
 * batch, the register from Excel, WhatsApp/SMS, UPI. Each is ticked from the academy's own records (not a
 * box the admin ticks) and links to its screen; the card goes once every step is done, or when dismissed.
 */
export function FirstRunChecklist() {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const checklist = useFirstRunChecklist(!dismissed);
  if (dismissed || !checklist.data) return null;
  const items = checklist.data.items;
  const done = items.filter((item) => item.done).length;
  if (done === items.length) return null;
  const steps: Record<ItemKey, { label: string; hint: string; to: string }> = {
    details: { label: t`Your academy's details`, hint: t`Phone numbers, address, office hours and links`, to: '/app/settings' },
    standards: { label: t`Standards`, hint: t`Check the sample list of 8th to 12th`, to: '/app/standards' },
    subjects: { label: t`Subjects`, hint: t`Check the sample subjects, or add your own`, to: '/app/subjects' },
    teachers: { label: t`Your teachers`, hint: t`Each teacher gets an invitation to sign in`, to: '/app/teachers/create' },
    batch: { label: t`Your first batch`, hint: t`A class with its standard, subject, teacher and timings`, to: '/app/batches/create' },
    register: { label: t`Import your register from Excel`, hint: t`Students with their parents and batches, from a sheet`, to: '/app/import' },
    messaging: { label: t`WhatsApp or SMS to parents`, hint: t`Absence alerts and fee reminders`, to: '/app/settings' },
    upi: { label: t`Fees by UPI`, hint: t`Your UPI ID, for pay links and receipts`, to: '/app/settings' },
  };
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setDismissed(true);
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="first-run-title" data-testid="first-run-checklist">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id="first-run-title">
              <Trans>Get your academy ready</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                {done} of {items.length} steps done
              </Trans>
            </Text>
          </div>
          <Button variant="subtle" size="xs" onClick={dismiss}>
            <Trans>Hide this list</Trans>
          </Button>
        </Group>
        <Progress value={(done / items.length) * 100} size="sm" aria-hidden="true" />
        <List spacing="sm" listStyleType="none" pl={0}>
          {items.map((item) => {
            const step = steps[item.key];
            return (
              <List.Item
                key={item.key}
                data-step={item.key}
                data-done={item.done}
                icon={
                  <ThemeIcon color={item.done ? 'teal' : 'gray'} variant="light" size={24} radius="xl">
                    {item.done ? <IconCircleCheck size={16} aria-hidden="true" /> : <IconCircle size={16} aria-hidden="true" />}
                  </ThemeIcon>
                }
              >
                <Anchor component={Link} to={step.to} fw={600} td={item.done ? 'line-through' : undefined} c={item.done ? 'dimmed' : undefined}>
                  {step.label}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {item.done ? <Trans>Done</Trans> : step.hint}
                </Text>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Card>
  );
}
