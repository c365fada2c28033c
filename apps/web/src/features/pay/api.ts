import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CoveredClass, Leave, LeaveInput, MyPay, PayInput, PayrollMonth, PayrollSettings, PayrollTeacher, PaySettings } from '@academy/shared/schemas/pay';
import { API_BASE, apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { getQueryOptions } from '../../lib/get-query-options';
import { useRefreshQueries } from '../../lib/resource-hooks';

/** Staff pay (issue 58): pay settings, the month's payroll, leave and substitutes, a teacher's own pay. */
export const payKeys = {
  all: ['pay'] as const,
  settings: (teacherId: string) => ['pay', 'settings', teacherId] as const,
  month: (month: string) => ['pay', 'month', month] as const,
  teacher: (month: string, teacherId: string) => ['pay', 'month', month, teacherId] as const,
  mine: (month: string) => ['pay', 'mine', month] as const,
  leave: ['pay', 'leave'] as const,
  myLeave: ['pay', 'my-leave'] as const,
  covered: ['pay', 'covered'] as const,
  payrollSettings: ['pay', 'payroll-settings'] as const,
};

export function usePaySettings(teacherId: string) {
  return useQuery({ queryKey: payKeys.settings(teacherId), queryFn: ({ signal }) => apiRequest<PaySettings>('GET', `/teachers/${encodeURIComponent(teacherId)}/pay`, undefined, { signal }) });
}

function useInvalidatePay() {
  return useRefreshQueries([payKeys.all]);
}

export function useSavePaySettings(teacherId: string) {
  const invalidate = useInvalidatePay();
  return useMutation({ mutationFn: (input: PayInput) => apiRequestWithMessage<PaySettings>('PUT', `/teachers/${encodeURIComponent(teacherId)}/pay`, input), onSuccess: invalidate });
}

/** The academy's TAN (payslips) and the account salaries are paid from (the bank file), issue 72. */
export function usePayrollSettings() {
  return useQuery(getQueryOptions<PayrollSettings>(payKeys.payrollSettings, '/payroll/settings'));
}

export function useSavePayrollSettings() {
  const invalidate = useInvalidatePay();
  return useMutation({ mutationFn: (input: { tan?: string | null; debitAccount?: string | null; professionalTax?: PayrollSettings['professionalTax'] | null }) => apiRequestWithMessage<PayrollSettings>('PUT', '/payroll/settings', input), onSuccess: invalidate });
}

export function usePayrollMonth(month: string) {
  return useQuery({ queryKey: payKeys.month(month), queryFn: ({ signal }) => apiRequest<PayrollMonth>('GET', `/payroll/${month}`, undefined, { signal }), placeholderData: keepPreviousData });
}

export function usePayrollTeacher(month: string, teacherId: string | null) {
  return useQuery(
    getQueryOptions<PayrollTeacher>(payKeys.teacher(month, teacherId ?? ''), `/payroll/${month}/teachers/${encodeURIComponent(teacherId!)}`, {
      enabled: Boolean(teacherId),
    }),
  );
}

/** Approves (locks) a month; `leaveOut`: teachers without pay settings the office leaves out of it (issue 73). */
export function useApproveMonth() {
  const invalidate = useInvalidatePay();
  return useMutation({ mutationFn: ({ month, leaveOut }: { month: string; leaveOut: string[] }) => apiRequestWithMessage<PayrollMonth>('POST', `/payroll/${month}/approve`, { leaveOut }), onSuccess: invalidate });
}

/** Reopens an approved month not yet paid: a draft again (issue 73). */
export function useReopenMonth() {
  const invalidate = useInvalidatePay();
  return useMutation({ mutationFn: (month: string) => apiRequestWithMessage<PayrollMonth>('POST', `/payroll/${month}/reopen`), onSuccess: invalidate });
}

export function useMarkPaid() {
  const invalidate = useInvalidatePay();
  return useMutation({
    mutationFn: ({ month, ...input }: { month: string; mode: string; on: string; reference: string }) => apiRequestWithMessage<PayrollMonth>('POST', `/payroll/${month}/paid`, input),
    onSuccess: invalidate,
  });
}

export function useCorrectLecture() {
  const invalidate = useInvalidatePay();
  return useMutation({
    mutationFn: (input: { teacherId: string; batchId: string; date: string; lectures: 1 | -1; reason: string }) => apiRequestWithMessage<{ payMonth: string }>('POST', '/payroll/lecture-corrections', input),
    onSuccess: invalidate,
  });
}

export function useAddAdjustment() {
  const invalidate = useInvalidatePay();
  return useMutation({
    mutationFn: (input: { teacherId: string; month: string; kind: 'extra' | 'deduction'; amount: number | string; note: string }) => apiRequestWithMessage<{ payMonth: string }>('POST', '/payroll/adjustments', input),
    onSuccess: invalidate,
  });
}

export function useMyPay(month: string) {
  return useQuery({ queryKey: payKeys.mine(month), queryFn: ({ signal }) => apiRequest<MyPay>('GET', `/teacher/pay?month=${month}`, undefined, { signal }), placeholderData: keepPreviousData });
}

export function useLeaveRequests() {
  return useQuery({ queryKey: payKeys.leave, queryFn: ({ signal }) => apiRequest<{ leave: Leave[] }>('GET', '/leave', undefined, { signal }) });
}

export function useMyLeave() {
  return useQuery({ queryKey: payKeys.myLeave, queryFn: ({ signal }) => apiRequest<{ leave: Leave[] }>('GET', '/teacher/leave', undefined, { signal }) });
}

/** The classes this teacher covers as a substitute (their marking screen offers each on its day). */
export function useCoveredClasses(enabled = true) {
  return useQuery({ queryKey: payKeys.covered, queryFn: ({ signal }) => apiRequest<{ classes: CoveredClass[] }>('GET', '/teacher/substitutions', undefined, { signal }), enabled });
}

export function useAskLeave() {
  const invalidate = useInvalidatePay();
  return useMutation({ mutationFn: (input: LeaveInput) => apiRequestWithMessage<Leave>('POST', '/teacher/leave', input), onSuccess: invalidate });
}

export function useDecideLeave() {
  const invalidate = useInvalidatePay();
  return useMutation({
    mutationFn: ({ id, decision, unpaid }: { id: string; decision: 'approve' | 'reject'; unpaid?: boolean }) =>
      apiRequestWithMessage<Leave>('POST', `/leave/${encodeURIComponent(id)}/${decision}`, decision === 'approve' ? { unpaid: unpaid ?? true } : {}),
    onSuccess: invalidate,
  });
}

export function useAssignSubstitute() {
  const invalidate = useInvalidatePay();
  return useMutation({
    mutationFn: ({ batchId, ...input }: { batchId: string; date: string; teacher: string; notifyFamilies: boolean }) =>
      apiRequestWithMessage<{ familiesTold: number }>('POST', `/batches/${encodeURIComponent(batchId)}/substitutions`, input),
    onSuccess: invalidate,
  });
}

export const payslipUrl = (month: string, teacherId: string, language?: 'en' | 'mr' | 'hi') => `${API_BASE}/payroll/${month}/teachers/${encodeURIComponent(teacherId)}/payslip.pdf${language ? `?language=${language}` : ''}`;
export const payrollXlsxUrl = (month: string) => `${API_BASE}/payroll/${month}/payroll.xlsx`;
export const bankCsvUrl = (month: string) => `${API_BASE}/payroll/${month}/bank.csv`;
export const bankXlsxUrl = (month: string) => `${API_BASE}/payroll/${month}/bank.xlsx`;
