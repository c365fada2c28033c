/**
 * The log's `err` serializer (issue 53): a failed query's error (drizzle's DrizzleQueryError) carries
 * its SQL parameters in `params` and in its message ("params: <session hash>,<email>"), and pg's
 * error a `detail` that quotes values ("Key (email)=(…) already exists"). The log keeps the
 * statement, the codes and the stack, never the values. Otherwise as pino's own: type, message,
 * stack, the error's own fields, and its cause.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const out: Record<string, unknown> = { type: error.constructor?.name ?? 'Error', message: withoutParams(error.message), stack: withoutParams(error.stack ?? '') };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'parameters' || key === 'detail' || key === 'cause') continue;
    out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" without the values line. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [not logged]');
}
