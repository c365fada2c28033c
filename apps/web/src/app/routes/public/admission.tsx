import { Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { PageHeader } from '../../../components/ui/page-header';
import { AdmissionForm } from '../../../features/admissions/components/admission-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

export function Component() {
  const { t } = useLingui();
  // A family that verifies its mobile number instead of an email gets no confirmation mail (issue 37).
  const [proveBy, setProveBy] = useState<'email' | 'phone'>('email');
  return (
    <>
      <PageHeader
        title={t`Registration`}
        description={t`Apply in three short steps. The office calls you back to talk about batches, timings and fees.`}
        metaDescription={t`Apply for admission online: choose the standard and subjects, verify your email, and the office calls you back.`}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <AdmissionForm onProveByChange={setProveBy} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>What happens next</Trans>
            </Title>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={22} radius="xl" variant="light" color="teal">
                  <IconCheck size={14} aria-hidden="true" />
                </ThemeIcon>
              }
            >
              {proveBy === 'email' ? (
                <List.Item>
                  <Trans>We mail you a confirmation.</Trans>
                </List.Item>
              ) : null}
              <List.Item><Trans>The office calls you within one working day.</Trans></List.Item>
              <List.Item><Trans>You visit the academy, meet the teachers and choose a batch.</Trans></List.Item>
            </List>
            <Text size="sm" c="dimmed">
              <Trans>Your details are used only to contact you about admission.</Trans>
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
