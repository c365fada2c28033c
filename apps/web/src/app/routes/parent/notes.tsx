import { NotesPage } from '../student/notes';

/** A parent's notes: their children's batches' notes, in a parent's words. */
export function Component() {
  return <NotesPage audience="parent" />;
}
