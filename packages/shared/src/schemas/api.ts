import { z } from 'zod';

/** The failure envelope of every API answer (DESIGN.md section 4). */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Wraps a payload schema in the success envelope. */
export function apiSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const messageOnlySchema = z.object({ success: z.literal(true), message: z.string() });
