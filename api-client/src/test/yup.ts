import { type AnyObject, type ObjectSchema, ValidationError } from 'yup';
import { validationText } from '../validation/messages';

/**
 * The English text of the message the schema gives `field` for these values (the rules carry
 * message ids), or undefined when it is valid.
 */
export function messageFor(
  schema: ObjectSchema<AnyObject>,
  values: Record<string, unknown>,
  field: string,
): string | undefined {
  try {
    schema.validateSyncAt(field, values);
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return validationText(error.errors[0]!);
    throw error;
  }
}
