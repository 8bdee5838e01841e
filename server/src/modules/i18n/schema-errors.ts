import type { FastifySchemaValidationError } from 'fastify';
import { t } from './translator';

/**
 * Issue 16: the field messages of a request that fails its JSON schema (Fastify's Ajv), in the
 * words of the server catalog (server.validation.*) instead of Ajv's ("must NOT have fewer than
 * 10 characters"), so the i18n plugin can say them in the caller's language. Ajv's texts are
 * never sent. No message carries the submitted value: only the schema's limits and choices.
 */

const TYPE_IDS: Readonly<Record<string, string>> = {
  string: 'server.validation.typeString',
  integer: 'server.validation.typeInteger',
  number: 'server.validation.typeNumber',
  boolean: 'server.validation.typeBoolean',
  object: 'server.validation.typeObject',
  array: 'server.validation.typeArray',
};

const FORMAT_IDS: Readonly<Record<string, string>> = {
  date: 'server.validation.formatDate',
  'date-time': 'server.validation.formatDateTime',
  email: 'server.validation.formatEmail',
  uri: 'server.validation.formatUri',
  url: 'server.validation.formatUri',
};

/** The ids whose English the error handler sends with a number: minLength -> 'Minimum 5 characters'. */
const LIMIT_IDS: Readonly<Record<string, string>> = {
  minLength: 'server.validation.minLength',
  maxLength: 'server.validation.maxLength',
  minimum: 'server.validation.minimum',
  maximum: 'server.validation.maximum',
  exclusiveMinimum: 'server.validation.exclusiveMinimum',
  exclusiveMaximum: 'server.validation.exclusiveMaximum',
  minItems: 'server.validation.minItems',
  maxItems: 'server.validation.maxItems',
};

const INVALID = 'server.validation.invalid';

/** The type a `type` error asks for: ['string', 'null'] (Ajv: 'string,null') asks for a string. */
function expectedType(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type ?? '').split(',');
  return types.find((name) => name !== 'null') ?? '';
}

/** The message id and values of one Ajv error. */
function messageOf(item: FastifySchemaValidationError): { id: string; values?: object } {
  const params = item.params ?? {};
  const limitId = LIMIT_IDS[item.keyword];
  if (limitId && typeof params.limit === 'number') return { id: limitId, values: params };
  switch (item.keyword) {
    case 'required':
      return { id: 'server.validation.required' };
    case 'type':
      return { id: TYPE_IDS[expectedType(params.type)] ?? INVALID };
    case 'enum':
    case 'const': {
      const allowed = item.keyword === 'enum' ? params.allowedValues : [params.allowedValue];
      return Array.isArray(allowed) && allowed.length > 0
        ? { id: 'server.validation.oneOf', values: { values: allowed.map(String).join(', ') } }
        : { id: INVALID };
    }
    case 'format':
      return { id: FORMAT_IDS[String(params.format)] ?? 'server.validation.pattern' };
    case 'pattern':
      return { id: 'server.validation.pattern' };
    case 'additionalProperties':
      return { id: 'server.validation.notAllowed' };
    default:
      return { id: INVALID };
  }
}

/**
 * The field an Ajv error is about, in the dotted form of the `errors` keys ('values.city'), or
 * '' for the whole body or query. A missing or unexpected property is named by Ajv in params.
 */
export function schemaErrorField(item: FastifySchemaValidationError): string {
  const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = item.params ?? {};
  const child =
    item.keyword === 'required'
      ? params.missingProperty
      : item.keyword === 'additionalProperties'
        ? params.additionalProperty
        : undefined;
  if (typeof child !== 'string' || child === '') return path;
  return path ? `${path}.${child}` : child;
}

/** The English message of an Ajv error, from the catalog ('This field is required'). */
export function schemaErrorMessage(item: FastifySchemaValidationError): string {
  const { id, values } = messageOf(item);
  return t('en', id, values as Record<string, unknown> | undefined);
}
