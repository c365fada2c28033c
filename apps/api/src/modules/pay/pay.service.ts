/**
 * Staff pay, one use case a file: how a teacher is paid (teacher-pay), the month's lectures
 * (month-lectures) and draft (draft-payroll), reading a month (payroll-reads), approving, reopening and
 * paying it (payroll-approval), the office's corrections and adjustments (pay-corrections), the academy's
 * payroll settings (payroll-settings). This file keeps the names the routes and the tests import.
 */
export { getPaySettings, updatePaySettings } from './teacher-pay';
export { myPay, payrollMonth, payrollTeacher } from './payroll-reads';
export { approveMonth, markPaid, reopenMonth } from './payroll-approval';
export { addAdjustment, correctLectures } from './pay-corrections';
export { getPayrollSettings, updatePayrollSettings } from './payroll-settings';
