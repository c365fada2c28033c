/** Staff pay (issue 58): lectures from attendance, leave and substitutes, the month's payroll and payslips. */
export { payRoutes } from './pay.routes';
