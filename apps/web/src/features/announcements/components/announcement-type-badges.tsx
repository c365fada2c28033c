import { Badge } from '@mantine/core';
import type { Announcement } from '@academy/shared/schemas/announcements';
import { Trans, useLingui } from '@lingui/react/macro';
import { TYPE_LABELS } from '../announcement-display';

/** An announcement's kind, and "High priority" when it is: on its card and on its own page. */
export function AnnouncementTypeBadges({ announcement }: { announcement: Announcement }) {
  const { i18n } = useLingui();
  return (
    <>
      <Badge variant="outline" color="gray" tt="none">
        {i18n._(TYPE_LABELS[announcement.type])}
      </Badge>
      {announcement.priority === 'high' ? (
        <Badge variant="filled" color="orange" tt="none">
          <Trans>High priority</Trans>
        </Badge>
      ) : null}
    </>
  );
}
