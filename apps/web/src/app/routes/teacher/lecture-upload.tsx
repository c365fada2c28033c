import { LectureRecordingScreen } from './lecture-record';

/** A file uploaded for a lecture waiting for its recording (decision 087). */
export function Component() {
  return <LectureRecordingScreen mode="upload" />;
}
