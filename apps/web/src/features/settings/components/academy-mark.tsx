import { Image } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { usePublicSettings } from '../api';

/**
 * The academy's mark beside its name (issue 78): its own logo when Settings → Brand has one, else the
 * product's school icon in the academy's colour. Decorative: the link around it carries the name.
 */
export function AcademyMark({ size }: { size: number }) {
  const brand = usePublicSettings().data?.brand;
  if (brand?.logoUrl) return <Image src={brand.logoUrl} alt="" h={size} w="auto" maw={size * 3} fit="contain" data-testid="academy-logo" style={{ flexShrink: 0 }} />;
  return <IconSchool size={size} color="var(--academy-accent, var(--mantine-primary-color-filled))" aria-hidden="true" style={{ flexShrink: 0 }} />;
}
