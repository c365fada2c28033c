import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

function serializerOf(schema: z.ZodType): (data: unknown) => string {
  return (responseSerializerCompiler as unknown as (route: { schema: z.ZodType }) => (data: unknown) => string)({ schema });
}

describe('the response serialiser', () => {
  const schema = z.object({
    student: z.object({ name: z.string() }).nullable(),
    marks: z.array(z.object({ score: z.number() })),
    payment: z.union([z.object({ kind: z.literal('upi'), reference: z.string() }), z.object({ kind: z.literal('cash'), receivedBy: z.string() })]),
    extras: z.record(z.string(), z.number()),
  });

  it('writes only the declared fields, also inside a nullable object and an array (no 500 for a field more)', () => {
    const written = serializerOf(schema)({
      student: { name: 'Asha', passwordHash: 'secret' },
      marks: [{ score: 40, internalNote: 'secret' }],
      payment: { kind: 'cash', receivedBy: 'Office' },
      extras: { a: 1 },
      leaked: 'secret',
    });
    expect(JSON.parse(written)).toEqual({ student: { name: 'Asha' }, marks: [{ score: 40 }], payment: { kind: 'cash', receivedBy: 'Office' }, extras: { a: 1 } });
    expect(written).not.toContain('secret');
  });

  // A union of objects keeps their closed shapes: the exact branch is written, never a narrower one that fits.
  it('writes a null and the right branch of a union', () => {
    const written = serializerOf(schema)({ student: null, marks: [], payment: { kind: 'upi', reference: 'UTR1' }, extras: {} });
    expect(JSON.parse(written)).toEqual({ student: null, marks: [], payment: { kind: 'upi', reference: 'UTR1' }, extras: {} });
  });
});
