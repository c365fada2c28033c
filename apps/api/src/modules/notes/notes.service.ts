/**
 * Notes, one use case a file: reading them (note-reads), writing them (note-changes). This file keeps
 * the names the routes, the module's face and the tests import.
 */
export { getNote, listNotes, listPublicNotes, noteFileFor, notesOfBatch, notesOfStudent, teacherOwnNotes, type NoteListFilters } from './note-reads';
export { createNote, deleteNote, updateNote, type NoteWriter, type UploadedFile } from './note-changes';
