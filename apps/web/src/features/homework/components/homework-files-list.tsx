import type { HomeworkFile } from '@academy/shared/schemas/homework';
import { HomeworkPhotos } from './photo-viewer';

/** A homework's attachments: pictures open full screen, a PDF opens in the browser. */
export function HomeworkFilesList({ files }: { files: HomeworkFile[] }) {
  return <HomeworkPhotos files={files} label={(file) => file.fileName} />;
}
