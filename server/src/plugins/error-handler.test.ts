import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nPlugin } from '../modules/i18n';
import { errorHandlerPlugin } from './error-handler';

/**
 * A JSON schema failure answers each field in the catalog's words, in the caller's language:
 * never Ajv's English ("must NOT have more than 5 characters") and never the value sent.
 */
describe('schema validation messages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ ajv: { customOptions: { allErrors: true } } });
    await app.register(errorHandlerPlugin);
    await app.register(i18nPlugin);
    app.post(
      '/form',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              name: { type: 'string', minLength: 3, maxLength: 5 },
              code: { type: 'string', pattern: '^[A-Z]{4}$' },
              count: { type: 'integer', minimum: 1, maximum: 1000000 },
              ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
              flag: { type: 'boolean' },
              note: { type: ['string', 'null'] },
              language: { type: 'string', enum: ['en', 'hi'] },
              day: { type: 'string', format: 'date' },
              at: { type: 'string', format: 'date-time' },
              email: { type: 'string', format: 'email' },
              tags: { type: 'array', minItems: 1, maxItems: 2 },
              address: {
                type: 'object',
                properties: { city: { type: 'string' } },
                required: ['city'],
              },
            },
            required: ['name'],
          },
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: unknown, language?: string) =>
    app.inject({
      method: 'POST',
      url: '/form',
      payload: payload as object,
      headers: language ? { 'accept-language': language } : {},
    });

  const base = { name: 'Asha' };
  it.each([
    [{}, 'name', 'This field is required', 'यह फ़ील्ड आवश्यक है'],
    [{ name: { first: 'Asha' } }, 'name', 'Must be a string', 'टेक्स्ट होना चाहिए'],
    [{ name: 'As' }, 'name', 'Minimum 3 characters', 'कम से कम 3 अक्षर'],
    [{ name: 'Ashwini' }, 'name', 'Maximum 5 characters', 'अधिकतम 5 अक्षर'],
    [{ ...base, code: 'abcd' }, 'code', 'Invalid format', 'प्रारूप गलत है'],
    [{ ...base, count: 'many' }, 'count', 'Must be a whole number', 'पूर्ण संख्या होनी चाहिए'],
    [{ ...base, count: 0 }, 'count', 'Must be at least 1', 'कम से कम 1 होना चाहिए'],
    [{ ...base, count: 2000000 }, 'count', 'Must be at most 1000000', 'अधिकतम 1000000 होना चाहिए'],
    [{ ...base, ratio: 'half' }, 'ratio', 'Must be a number', 'संख्या होनी चाहिए'],
    [{ ...base, ratio: 0 }, 'ratio', 'Must be more than 0', '0 से अधिक होना चाहिए'],
    [{ ...base, ratio: 1 }, 'ratio', 'Must be less than 1', '1 से कम होना चाहिए'],
    [{ ...base, flag: 'perhaps' }, 'flag', 'Must be true or false', 'true या false होना चाहिए'],
    [{ ...base, note: { text: 'x' } }, 'note', 'Must be a string', 'टेक्स्ट होना चाहिए'],
    [
      { ...base, language: 'fr' },
      'language',
      'Must be one of: en, hi',
      'इनमें से एक होना चाहिए: en, hi',
    ],
    [
      { ...base, day: '2026-02-30' },
      'day',
      'Must be a date in YYYY-MM-DD format',
      'तारीख YYYY-MM-DD प्रारूप में होनी चाहिए',
    ],
    [
      { ...base, at: 'yesterday' },
      'at',
      'Must be a date and time in ISO 8601 format',
      'तारीख और समय ISO 8601 प्रारूप में होने चाहिए',
    ],
    [{ ...base, email: 'asha' }, 'email', 'Must be an email address', 'ईमेल पता होना चाहिए'],
    [{ ...base, tags: [] }, 'tags', 'At least 1 item', 'कम से कम 1 आइटम'],
    [{ ...base, tags: [1, 2, 3] }, 'tags', 'At most 2 items', 'अधिकतम 2 आइटम'],
    [{ ...base, tags: { first: 'x' } }, 'tags', 'Must be a list', 'सूची होनी चाहिए'],
    [{ ...base, address: 'Kochi' }, 'address', 'Must be an object', 'ऑब्जेक्ट होना चाहिए'],
    [{ ...base, address: {} }, 'address.city', 'This field is required', 'यह फ़ील्ड आवश्यक है'],
  ])('%j: %s', async (payload, field, english, hindi) => {
    const en = await post(payload);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      message: 'Please check the highlighted fields.',
      errors: { [field]: english },
    });
    const hi = await post(payload, 'hi-IN,hi;q=0.9');
    expect(hi.json()).toEqual({ message: 'कृपया चिह्नित फ़ील्ड जाँचें।', errors: { [field]: hindi } });
  });

  it('names every failing field, and never echoes what was sent', async () => {
    const payload = { count: 'seventeen-lakh', language: 'Klingon', email: 'secret@' };
    const res = await post(payload, 'hi');
    expect(res.json().errors).toEqual({
      name: 'यह फ़ील्ड आवश्यक है',
      count: 'पूर्ण संख्या होनी चाहिए',
      language: 'इनमें से एक होना चाहिए: en, hi',
      email: 'ईमेल पता होना चाहिए',
    });
    expect(res.body).not.toMatch(/seventeen|Klingon|secret|must/);
  });

  it('a body that is not an object says so, without fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'application/json', 'accept-language': 'hi' },
      payload: '"Asha"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'अनुरोध का मुख्य भाग JSON ऑब्जेक्ट होना चाहिए।' });
  });
});

/** Fastify refuses some requests before any schema runs: those answers speak the caller's language too. */
describe("the framework's own refusals", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 64 });
    await app.register(errorHandlerPlugin);
    await app.register(i18nPlugin);
    app.post('/form', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const send = (payload: string, contentType: string, language: string) =>
    app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': contentType, 'accept-language': language },
      payload,
    });

  it.each([
    [
      'broken JSON',
      '{"name": ',
      'application/json',
      400,
      'The request body is not valid JSON.',
      'अनुरोध का मुख्य भाग मान्य JSON नहीं है।',
    ],
    [
      'an empty JSON body',
      '',
      'application/json',
      400,
      'The request body is empty.',
      'अनुरोध का मुख्य भाग खाली है।',
    ],
    [
      'a body over the limit',
      JSON.stringify({ note: 'x'.repeat(200) }),
      'application/json',
      413,
      'The request body is too large.',
      'अनुरोध का मुख्य भाग बहुत बड़ा है।',
    ],
    [
      'XML',
      '<name>Asha</name>',
      'application/xml',
      415,
      'This content type is not accepted. Send JSON.',
      'यह सामग्री प्रकार स्वीकार नहीं है। JSON भेजें।',
    ],
  ])('%s', async (_case, payload, contentType, status, english, hindi) => {
    const en = await send(payload, contentType, 'en');
    expect(en.statusCode).toBe(status);
    expect(en.json()).toEqual({ message: english });
    const hi = await send(payload, contentType, 'hi');
    expect(hi.statusCode).toBe(status);
    expect(hi.json()).toEqual({ message: hindi });
  });
});
