import { describe, expect, it } from 'vitest';
import type { AttendanceHistory, StudentAttendance } from '@academy/shared/schemas/attendance';
import { countStatuses, historyCsv, monthWeeks, shiftMonth, studentCsv, weekdayOf } from './attendance-display';

const none = { present: 0, absent: 0, late: 0, excused: 0, total: 0, percentage: null };

describe('countStatuses', () => {
  it('counts marks and gives (present + late) ÷ marked with one decimal', () => {
    expect(countStatuses(['present', 'late', 'absent', null])).toEqual({ present: 1, absent: 1, late: 1, excused: 0, total: 3, percentage: 66.7 });
    expect(countStatuses([])).toEqual(none);
  });
});

describe('monthWeeks', () => {
  it('lays a month out Monday first', () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthWeeks('2026-11');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)![0]).toBe('2026-11-30');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });
  it('moves between months and years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(weekdayOf('2026-11-23')).toBe('mon');
  });
});

describe('CSV', () => {
  it('writes the history grid with statuses and counts, formulas neutralised', () => {
    const history: AttendanceHistory = {
      batch: { _id: 'b', name: 'B', startDate: '2026-06-01', endDate: '2027-03-31', standard: { _id: 's', name: '10th', level: 10 }, subject: { _id: 'x', name: 'M', code: 'M' }, teacher: { _id: 't', name: 'T' } },
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      dates: [{ date: '2026-11-02', ...none }, { date: '2026-11-04', ...none }],
      students: [
        { _id: 'a', name: 'Aarav, "A"', enrolled: true, statistics: { present: 1, absent: 0, late: 1, excused: 0, total: 2, percentage: 100 } },
        { _id: 'z', name: '=cmd()', enrolled: true, statistics: none },
      ],
      records: [
        { studentId: 'a', date: '2026-11-02', status: 'present', remark: null },
        { studentId: 'a', date: '2026-11-04', status: 'late', remark: null },
      ],
      statistics: none,
    };
    expect(historyCsv(history)).toBe(
      '\uFEFFStudent,02-11-2026,04-11-2026,Present,Absent,Late,Excused,Marked,Attendance %\r\n"Aarav, ""A""",Present,Late,1,0,1,0,2,100\r\n\'=cmd(),,,0,0,0,0,0,\r\n',
    );
  });

  it('writes a student’s marks oldest first with the totals', () => {
    const report = {
      records: [
        { _id: '2', date: '2026-11-04', status: 'absent', remark: 'Fever', markedAt: '', markedBy: { _id: 't', name: 'Priya' }, batch: { _id: 'b', name: '10th Maths' } },
        { _id: '1', date: '2026-11-02', status: 'present', remark: null, markedAt: '', markedBy: null, batch: { _id: 'b', name: '10th Maths' } },
      ],
      statistics: { present: 1, absent: 1, late: 0, excused: 0, total: 2, percentage: 50 },
    } as unknown as StudentAttendance;
    expect(studentCsv(report).split('\r\n')).toEqual([
      '\uFEFFDate,Batch,Status,Remark,Marked by',
      '02-11-2026,10th Maths,Present,,',
      '04-11-2026,10th Maths,Absent,Fever,Priya',
      '',
      'Present,Absent,Late,Excused,Marked,Attendance %',
      '1,1,0,0,2,50',
      '',
    ]);
  });
});
