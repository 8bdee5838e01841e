import { type AnyObject, type ObjectSchema, ValidationError } from 'yup';

/** The message the schema gives `field` for these values, or undefined when it is valid. */
export function messageFor(
  schema: ObjectSchema<AnyObject>,
  values: Record<string, unknown>,
  field: string,
): string | undefined {
  try {
    schema.validateSyncAt(field, values);
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[0];
    throw error;
  }
}
