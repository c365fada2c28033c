// Plain values, no zod (as attendance-statuses.ts): the teacher's sheet and the enquiry's page import
// these without the validation library. schemas/demo-classes.ts builds on them.

/** How a demo student was marked on their class day (null on the record: not marked yet). */
export const DEMO_STATUSES = ['present', 'absent'] as const;
export type DemoStatus = (typeof DEMO_STATUSES)[number];
