/** Helpers for the JSON schemas of the routes (OpenAPI and the response serializer). */

export type JsonSchema = Record<string, unknown>;

/**
 * One schema per property of T, no more and no fewer. The serializer drops every answer field
 * its schema does not list, so a field added to a type without its schema fails the typecheck
 * instead of silently vanishing from the answer.
 */
export type Fields<T> = { [K in keyof T]-?: JsonSchema };

/** An object schema with every property of T; each is required unless named in `optional`. */
export function objectOf<T>(properties: Fields<T>, optional: (keyof T & string)[] = []) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key as keyof T & string)),
  };
}

/** The same schema, also allowing null. */
export const nullable = (schema: JsonSchema) => ({ ...schema, type: [schema.type, 'null'] });
