// The spreadsheet-import kit (issue 61): registers, questions and bank statements come in through these.
export { CheckStep, CommitButton, DryRunStep, RowErrorsTable, SHEET_ACCEPT, SheetFileInput, TemplateStep } from './sheet-steps';
export { useSheetImport, type SheetUpload } from './use-sheet-import';
