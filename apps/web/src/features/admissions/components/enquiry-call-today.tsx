import { Anchor, Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconNotes, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdmissionEnquiry } from '@academy/shared/schemas/admissions';
import type { Language } from '@academy/shared/languages';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { appTranslatorFor } from '../../../lib/catalogs';
import { SITE_NAME } from '../../../lib/page-meta';
import { formatPhone, telHref } from '../../../lib/phone';
import { usePublicSettings } from '../../settings/api';
import { ENQUIRY_FAILURES, useEnquiries } from '../api';
import { FollowUpDay } from './enquiry-follow-up-day';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** How many families the dashboard lists; "See all" opens the filtered list for the rest. */
export const CALL_TODAY_LIMIT = 8;

/**
 * The signed-in catalog in the family's language, for the prepared WhatsApp message. Read in the browser
 * only (`meta.browserOnly`): the answer is a translator, not JSON, so a screen drawn on the server (issue 56)
 * neither reads it nor hands it over; the office's own language serves until it is there.
 */
function useTranslatorFor(language: Language) {
  return useQuery({ queryKey: ['app-translator', language], queryFn: () => appTranslatorFor(language), staleTime: Infinity, gcTime: Infinity, meta: { browserOnly: true } });
}

/**
 * The first WhatsApp message to a family, in their language (the enquiry's: the page they wrote from;
 * the office's own language until that catalog is there). Words live in the web catalog, translated.
 */
export function whatsAppText(i18n: I18n, enquiry: Pick<AdmissionEnquiry, 'studentName' | 'parentName'>, academy: string): string {
  const student = enquiry.studentName;
  const parent = enquiry.parentName;
  return parent
    ? i18n._(msg`Namaste ${parent}, this is ${academy}. Thank you for your enquiry about admission for ${student}. When may we call you to talk about the batches and fees?`)
    : i18n._(msg`Namaste, this is ${academy}. Thank you for your enquiry about admission for ${student}. When may we call you to talk about the batches and fees?`);
}

/** wa.me wants the number with its country code and nothing else: "+919822012345" → "919822012345". */
export function whatsAppHref(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/**
 * The "Log call" dialog, loaded when first asked for: its form (zod, the date field) stays out of the
 * dashboard's first screen (npm run size).
 */
function openLogCall(enquiry: AdmissionEnquiry, title: string) {
  void import('./enquiry-follow-up').then(({ openLogContact }) => openLogContact(enquiry, title));
}

function CallRow({ enquiry, academy }: { enquiry: AdmissionEnquiry; academy: string }) {
  const { t, i18n } = useLingui();
  const names = useLocalNames();
  const translator = useTranslatorFor(enquiry.language);
  const phone = enquiry.parentPhone ?? enquiry.phone;
  const name = enquiry.studentName;
  return (
    <Stack component="li" gap={6} py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/app/registrations/${enquiry._id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Anchor>
          {enquiry.standard || enquiry.parentName ? (
            <Text size="sm" c="dimmed">
              {[enquiry.standard && names.standard(enquiry.standard), enquiry.parentName].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
        <Box style={{ flexShrink: 0 }}>
          <FollowUpDay date={enquiry.followUpOn} />
        </Box>
      </Group>
      <Group gap="xs" wrap="wrap">
        {phone ? (
          <>
            {/* The number itself on the button: the office sees whom it calls, and taps once. */}
            <Button component="a" href={telHref(phone)} size="sm" variant="light" leftSection={<IconPhone size={16} aria-hidden="true" />} aria-label={t`Call the family of ${name}`}>
              {formatPhone(phone)}
            </Button>
            <Button
              component="a"
              href={whatsAppHref(phone, whatsAppText(translator.data ?? i18n, enquiry, academy))}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              variant="light"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
              aria-label={t`WhatsApp the family of ${name}`}
            >
              <Trans>WhatsApp</Trans>
            </Button>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>No phone number</Trans>
          </Text>
        )}
        <Button size="sm" variant="default" leftSection={<IconNotes size={16} aria-hidden="true" />} onClick={() => openLogCall(enquiry, t`Log call with ${name}`)}>
          <Trans>Log call</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The dashboard's Call today card (issue 41): the families whose follow-up is overdue (first) or
 * today, with their phone to tap, a WhatsApp message ready in their language, and "Log call", which
 * takes them off the list at once.
 */
export function CallToday() {
  const { t } = useLingui();
  const academy = usePublicSettings().data?.name ?? SITE_NAME;
  const page = { page: '1', limit: String(CALL_TODAY_LIMIT) };
  const overdue = useEnquiries({ followUp: 'overdue', ...page });
  const today = useEnquiries({ followUp: 'today', ...page });
  const overdueTotal = overdue.data?.pagination.total ?? 0;
  const todayTotal = today.data?.pagination.total ?? 0;
  const rows = [...(overdue.data?.enquiries ?? []), ...(today.data?.enquiries ?? [])].slice(0, CALL_TODAY_LIMIT);
  const failed = overdue.isError ? overdue : today.isError ? today : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="call-today-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="call-today-title" style={{ scrollMarginTop: 80 }}>
            <Trans>Call today</Trans>
          </Title>
          {overdue.data && today.data && overdueTotal + todayTotal > 0 ? (
            <Group gap={6}>
              {overdueTotal > 0 ? (
                <Badge color="red" variant="light" tt="none">
                  {plural(overdueTotal, { one: '# overdue', other: '# overdue' })}
                </Badge>
              ) : null}
              <Badge color="orange" variant="light" tt="none">
                {plural(overdueTotal + todayTotal, { one: '# to call', other: '# to call' })}
              </Badge>
            </Group>
          ) : null}
        </Group>
        {failed ? (
          <LoadErrorAlert title={t`The Call today list could not be loaded`} error={failed.error} fallback={ENQUIRY_FAILURES.fetch} onRetry={() => void failed.refetch()} />
        ) : overdue.isPending || today.isPending ? (
          <Skeleton h={120} radius="md" aria-hidden="true" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No family to call today. Give an enquiry a follow-up date and it shows here on that day.</Trans>
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Families to call`}>
            {rows.map((enquiry) => (
              <CallRow key={enquiry._id} enquiry={enquiry} academy={academy} />
            ))}
          </Stack>
        )}
        {overdueTotal + todayTotal > rows.length || overdueTotal > 0 ? (
          <Group gap="md">
            {overdueTotal > 0 ? (
              <Anchor component={Link} to="/app/registrations?followUp=overdue" size="sm">
                {t`See all overdue (${overdueTotal})`}
              </Anchor>
            ) : null}
            {todayTotal > 0 ? (
              <Anchor component={Link} to="/app/registrations?followUp=today" size="sm">
                {t`See all for today (${todayTotal})`}
              </Anchor>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
