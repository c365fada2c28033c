import { Anchor, Container, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './public-layout.module.css';

const EXPLORE_LINKS = [
  { label: 'Courses', to: '/courses' },
  { label: 'Admission', to: '/admission' },
  { label: 'Resources', to: '/resources' },
  { label: 'Contact Us', to: '/contact' },
] as const;

const POLICY_LINKS = [
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookies Policy', to: '/cookies-policy' },
] as const;

function LinkList({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <Stack gap="xs">
      <Text fw={700} size="sm">
        {title}
      </Text>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} className={classes.footerLink}>
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/** Footer of the public site: links and office hours (spec sections 2 and 9). */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={700} size="lg">
              Academy
            </Text>
            <Text size="sm" c="dimmed">
              Coaching for school students in small batches.
            </Text>
          </Stack>
          <SimpleGrid component="nav" aria-label="Footer navigation" cols={2} spacing="lg">
            <LinkList title="Explore" links={EXPLORE_LINKS} />
            <LinkList title="Policies" links={POLICY_LINKS} />
          </SimpleGrid>
          <Stack gap="xs">
            <Text fw={700} size="sm">
              Office hours
            </Text>
            <Text size="sm" c="dimmed">
              Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed
            </Text>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Academy
        </Text>
      </Container>
    </footer>
  );
}
