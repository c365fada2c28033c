import { useEffect, useState } from 'react';
import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGES, LANGUAGE_NAMES } from '@academy/shared/languages';
import { setLanguage, useLanguage } from '../lib/language';
import { SignupForm } from './signup-form';

/** The platform's two pages: what it is (`/`) and Start your academy (`/start`). */
type View = 'home' | 'start';

const viewOf = (pathname: string): View => (pathname.replace(/\/+$/, '') === '/start' ? 'start' : 'home');

function go(view: View) {
  const path = view === 'start' ? '/start' : '/';
  window.history.pushState(null, '', `${path}${window.location.search}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo(0, 0);
}

export function PlatformApp() {
  const [view, setView] = useState<View>(() => viewOf(window.location.pathname));
  const { t } = useLingui();
  useEffect(() => {
    const follow = () => setView(viewOf(window.location.pathname));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  useEffect(() => {
    document.title = view === 'start' ? t`Start your academy` : t`Academy: run your coaching classes from one place`;
  }, [view, t]);
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Anchor
              href="/"
              fw={800}
              fz="lg"
              c="indigo.8"
              underline="never"
              onClick={(event) => {
                event.preventDefault();
                go('home');
              }}
            >
              <Trans>Academy</Trans>
            </Anchor>
            <LanguageSwitch />
          </Group>
        </Container>
      </Box>
      <Box component="main" py={{ base: 'lg', sm: 48 }}>
        <Container size={view === 'start' ? 'sm' : 'lg'}>{view === 'start' ? <SignupForm /> : <Home />}</Container>
      </Box>
    </Box>
  );
}

function LanguageSwitch() {
  const current = useLanguage();
  const { t } = useLingui();
  return (
    <Group gap={4} role="group" aria-label={t`Language`}>
      {LANGUAGES.map((language) => (
        <Button key={language} size="compact-sm" variant={language === current ? 'light' : 'subtle'} aria-pressed={language === current} lang={language} onClick={() => void setLanguage(language)}>
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Group>
  );
}

function Home() {
  const { t } = useLingui();
  const features = [
    { title: t`Attendance in a minute`, text: t`Teachers mark the batch on a phone; parents of absent students get a WhatsApp or SMS the same hour.` },
    { title: t`Fees by UPI`, text: t`Instalments, receipts and reminders with a pay link; see what is due today and this month.` },
    { title: t`Tests and marks`, text: t`Marks, report cards and online tests, in English, Marathi and Hindi.` },
    { title: t`Admissions and your website`, text: t`Your own public pages, enquiries with follow-ups, and your register imported from Excel.` },
  ];
  return (
    <Stack gap={48}>
      <Stack gap="md" maw={720}>
        <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
          <Trans>Run your coaching academy from one place</Trans>
        </Title>
        <Text fz={{ base: 'md', sm: 'lg' }} c="gray.7">
          <Trans>Students, batches, attendance, fees, tests and messages to parents — on your own address, ready the same afternoon. No server to set up.</Trans>
        </Text>
        <Group>
          <Button
            component="a"
            href="/start"
            size="lg"
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              go('start');
            }}
          >
            <Trans>Start your academy</Trans>
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>Your academy gets its own address, like shree.{window.location.hostname}, and its records are kept apart from every other academy's.</Trans>
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {features.map((feature) => (
          <Box key={feature.title} bg="white" p="lg" style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)' }}>
            <Title order={2} size="h4" mb={6}>
              {feature.title}
            </Title>
            <Text size="sm" c="gray.7">
              {feature.text}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
