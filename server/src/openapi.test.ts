import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** Static hosting (the shell and the SPA fallback) serves files, not an API. */
const NOT_API = new Set(['get /']);

describe('OpenAPI document (/api/docs)', () => {
  let t: TestApp;
  let operations: { key: string; path: string; operation: Operation }[];

  // The defaults register every optional route: console SMS outbox and payment simulator.
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths: Record<string, Record<string, Operation>> = res.json().paths;
    operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .map(([method, operation]) => ({ key: `${method} ${path}`, path, operation }))
        .filter(({ key }) => !NOT_API.has(key)),
    );
  }, 120_000);
  afterAll(() => t.close());

  it('gives every route a schema for its successful answer', () => {
    expect(operations.length).toBeGreaterThan(20);
    const undocumented = operations
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses).filter(([status]) =>
          status.startsWith('2'),
        );
        return !success.some(([, response]) =>
          Object.values(response.content ?? {}).some(({ schema }) => schema.type !== undefined),
        );
      })
      .map(({ key }) => key);
    expect(undocumented).toEqual([]);
  });

  it('lists the error answers of every /api/registration route, in the one error shape', () => {
    const registration = operations.filter(({ path }) => path.startsWith('/api/registration/'));
    expect(registration.length).toBeGreaterThanOrEqual(10);
    // Every one needs a sign-in but Cashfree's webhook (signed instead) and the IFSC lookup,
    // which answers anyone (RBI's public list).
    const open = registration.filter(({ operation }) => !operation.security?.length);
    expect(open.map(({ key }) => key).sort()).toEqual([
      'get /api/registration/ifsc/{code}/',
      'post /api/registration/cashfree/webhook/',
    ]);
    for (const { key, operation } of registration) {
      for (const status of operation.security?.length ? ['401', '500'] : ['500']) {
        expect(
          operation.responses[status]?.content?.['application/json']?.schema,
          `${status} of ${key}`,
        ).toMatchObject({ properties: { message: { type: 'string' } }, required: ['message'] });
      }
    }
  });

  it('documents /config.json with exactly the fields it serves', async () => {
    const served = (await t.app.inject({ url: '/config.json' })).json();
    const documented = operations.find(({ key }) => key === 'get /config.json')!.operation
      .responses['200']!.content!['application/json']!.schema;
    const shape = (schema: Schema): unknown =>
      Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, shape(value)]),
      );
    const keysOf = (value: unknown): unknown =>
      value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, keysOf(inner)]))
        : {};
    expect(shape(documented)).toEqual(keysOf(served));
  });
});
