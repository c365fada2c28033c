import type { Batch, BatchInput, BatchStatus } from '@academy/shared/schemas/batches';
import type { BatchDelivery } from '@academy/shared/gst';
import { type Weekday, WEEKDAYS } from '@academy/shared/schedule';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** What the batch form edits: references as ids ('' = not chosen yet), capacity as typed. */
export interface BatchFormValues {
  name: string;
  teacher: string;
  standard: string;
  subject: string;
  schedule: { days: Weekday[]; startTime: string; endTime: string };
  startDate: string;
  endDate: string;
  capacity: number | string;
  description: string;
  /** Taught in the classroom or online (decision 062): a tax invoice's place of supply follows it. */
  delivery: BatchDelivery;
}

export const BATCH_DELIVERY_LABELS: Record<BatchDelivery, MessageDescriptor> = { classroom: msg`In the classroom`, online: msg`Online` };

export const BATCH_STATUS_LABELS: Record<BatchStatus, MessageDescriptor> = { upcoming: msg`Upcoming`, active: msg`Active`, completed: msg`Completed` };
export const BATCH_STATUS_COLORS: Record<BatchStatus, string> = { upcoming: 'yellow', active: 'teal', completed: 'gray' };


/** The academic year in India ends on 31 March: the one after `today` (YYYY-MM-DD). */
export function academicYearEnd(today: string): string {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  return `${month >= 4 ? year + 1 : year}-03-31`;
}

/** The form's starting values: a new batch runs from today to the end of the academic year. */
export function toBatchFormValues(batch: Batch | undefined, today: string, preset: Partial<Pick<BatchFormValues, 'teacher' | 'standard' | 'subject'>> = {}): BatchFormValues {
  if (!batch) {
    return {
      name: '',
      teacher: preset.teacher ?? '',
      standard: preset.standard ?? '',
      subject: preset.subject ?? '',
      schedule: { days: [], startTime: '', endTime: '' },
      startDate: today,
      endDate: academicYearEnd(today),
      capacity: 30,
      description: '',
      delivery: 'classroom',
    };
  }
  return {
    name: batch.name,
    teacher: batch.teacher._id,
    standard: batch.standard._id,
    subject: batch.subject._id,
    schedule: { ...batch.schedule, days: [...batch.schedule.days] },
    startDate: batch.startDate,
    endDate: batch.endDate,
    capacity: batch.capacity,
    description: batch.description,
    delivery: batch.delivery,
  };
}

/** What is sent: days in week order, capacity as a number when it is one, an empty description as none. */
export function toBatchPayload(values: BatchFormValues): BatchInput {
  const capacity = typeof values.capacity === 'string' && values.capacity.trim() !== '' ? Number(values.capacity) : values.capacity;
  return {
    name: values.name,
    teacher: values.teacher,
    standard: values.standard,
    subject: values.subject,
    schedule: {
      days: [...values.schedule.days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)),
      startTime: values.schedule.startTime,
      endTime: values.schedule.endTime,
    },
    startDate: values.startDate,
    endDate: values.endDate,
    capacity: capacity as number,
    description: values.description.trim() === '' ? null : values.description,
    delivery: values.delivery,
  };
}
