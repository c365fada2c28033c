import { Anchor, Group } from '@mantine/core';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import type { HomeworkFile } from '@academy/shared/schemas/homework';
import { homeworkFileHref } from '../api';

/** A homework's attachments as links that open in the browser. */
export function HomeworkFilesList({ files }: { files: HomeworkFile[] }) {
  if (files.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap">
      {files.map((file) => (
        <Anchor key={file._id} href={homeworkFileHref(file.url)} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Group gap={4} wrap="nowrap">
            {file.contentType === 'application/pdf' ? <IconFileTypePdf size={16} aria-hidden="true" /> : <IconPhoto size={16} aria-hidden="true" />}
            {file.fileName}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
