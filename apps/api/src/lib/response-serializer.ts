import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/** Keywords that only constrain values; a serializer needs the shape (types, properties) alone. */
const VALUE_KEYWORDS = new Set(['format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems']);

/** Branches of an anyOf/oneOf that are objects: with two or more, their closed shapes tell them apart. */
function objectBranches(branches: unknown): number {
  return Array.isArray(branches) ? branches.filter((branch) => (branch as { type?: unknown } | null)?.type === 'object').length : 0;
}

/**
 * zod writes `additionalProperties: false` for every object. fast-json-stringify writes only the declared
 * properties without it; with it, an object holding one field more than its schema (a row's extra column)
 * failed the check that picks a nullable's branch, and the answer became a 500. So it is dropped, except
 * on the branches of a union of two or more objects, where the closed shape picks the exact branch.
 */
function shapeOnly(schema: unknown, closed = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => shapeOnly(item));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !VALUE_KEYWORDS.has(key))
      .filter(([key, value]) => closed || !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => {
        // Inside `properties` the keys are field names (a field may be called "format"), not keywords.
        if (key === 'properties') return [key, Object.fromEntries(Object.entries(value as object).map(([name, child]) => [name, shapeOnly(child)]))];
        if ((key === 'anyOf' || key === 'oneOf') && objectBranches(value) >= 2) return [key, (value as unknown[]).map((branch) => shapeOnly(branch, true))];
        return [key, shapeOnly(value)];
      }),
  );
}

/**
 * Response bodies are written by fast-json-stringify from each route's zod response schema turned
 * into JSON Schema once, at start-up. It writes only the declared fields (an extra field a service
 * returns never leaks), like zod's encode did, but without validating every value of every answer
 * again: for a 600-mark attendance answer that validation cost 30–90 ms, the stringify 1 ms.
 * Values are checked where they come in (request validation, the database's own types and checks).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = ({ schema }) => {
  // Built on a route's first answer, not at start-up: compiling every route's serialiser would add
  // to the cold start, and most routes are not called in a process's first minutes.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    if (!serialize) {
      const zodSchema = schema instanceof z.ZodType ? schema : schema.properties;
      const jsonSchema = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
      serialize = fastJsonStringify(shapeOnly(jsonSchema) as Parameters<typeof fastJsonStringify>[0]);
    }
    return serialize(data);
  };
};
