/**
 * The public face of the exports module (issue 39): the academy workbook's route, and its writer for
 * the benchmark. It reads every register and imports only audit and settings (through their index.ts).
 */
export { exportsRoutes } from './exports.routes';
export { academyWorkbookName, writeAcademyWorkbook, XLSX_CONTENT_TYPE, type WorkbookCounts } from './exports.service';
