import { ActionIcon, Group } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandWhatsapp, IconBrandYoutube } from '@tabler/icons-react';
import type { PublicAcademySettings } from '@academy/shared/schemas/settings';
import { socialLinksOf } from '../contact-links';
import type { SocialNetwork } from '../contact-links';

const ICONS: Record<SocialNetwork, typeof IconBrandFacebook> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  youtube: IconBrandYoutube,
  whatsapp: IconBrandWhatsapp,
};

/** The academy's social pages as icon links; nothing at all when none is set. */
export function SocialLinks({ links }: { links: PublicAcademySettings['socialLinks'] }) {
  const items = socialLinksOf(links);
  if (items.length === 0) return null;
  return (
    <Group gap="xs">
      {items.map(({ network, label, url }) => {
        const NetworkIcon = ICONS[network];
        return (
          <ActionIcon key={network} component="a" href={url} target="_blank" rel="noopener noreferrer" size="lg" variant="default" radius="xl" aria-label={label} title={label}>
            <NetworkIcon size={20} stroke={1.6} aria-hidden="true" />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
