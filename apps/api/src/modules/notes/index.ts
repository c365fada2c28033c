/**
 * The public face of the notes module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { listNotes } from './notes.service';
export { recordNote, type NoteRecord } from './note-records';
