import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher, decodeKey } from '../../lib/encryption';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { createAdminList } from './admin-list';
import { createRegistrationService, type RegistrationService } from './service';
import { insertApplicant, validPayload } from './test-support';

const NOW = new Date('2026-06-15T06:30:00Z');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every route of the module, as OpenAPI names it, with the statuses a caller may get. */
const ROUTES = [
  {
    method: 'post',
    path: '/api/registration/profile/',
    ok: ['200', '201'],
    errors: [400, 401, 409],
  },
  { method: 'get', path: '/api/registration/registration/status/', ok: ['200'], errors: [401] },
  { method: 'get', path: '/api/registration/application/', ok: ['200'], errors: [401, 404] },
  {
    method: 'get',
    path: '/api/registration/admin/profiles/',
    ok: ['200'],
    errors: [400, 401, 403],
  },
  { method: 'get', path: '/api/registration/admin/dashboard/', ok: ['200'], errors: [401, 403] },
  {
    method: 'get',
    path: '/api/registration/admin/profiles/export/',
    ok: ['200'],
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    path: '/api/registration/registration/{id}/toggle-delivered/',
    ok: ['200'],
    errors: [401, 403, 404],
  },
] as const;

/** The parts of an OpenAPI schema and operation these tests read. */
interface Schema {
  type: string | string[];
  nullable?: boolean;
  properties: Record<string, Schema>;
  additionalProperties: Schema;
  items: Schema;
  required: string[];
  enum: unknown[];
}
type Content = Record<string, { schema: Schema }>;
interface Operation {
  parameters: { in: string; name: string; required?: boolean }[];
  requestBody: { content: Content };
  responses: Record<string, { content: Content }>;
  security?: unknown;
}

/** What the service itself answered, as it looks on the wire before any response schema. */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('registration schemas', () => {
  let t: TestApp;
  let staff: TestSession;
  let service: RegistrationService;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    staff = await createStaffSession(t);
    const cipher = createFieldCipher(decodeKey(t.config.dataEncryptionKey!, 'test key'));
    service = createRegistrationService({ db: t.database.db, cipher, now: () => NOW });
    await insertApplicant(t, {
      createdAt: new Date('2026-03-31T19:00:00Z'),
      status: 'paid',
      submittedAt: new Date('2026-04-02T05:00:00Z'),
      delivered: true,
    });
    await insertApplicant(t, {
      createdAt: new Date('2026-06-01T10:00:00Z'),
      profile: { alternative_contact_number: '' },
    });
  }, 120_000);
  afterAll(() => t.close());

  describe('OpenAPI document', () => {
    let paths: Record<string, Record<string, Operation>>;
    beforeAll(async () => {
      const res = await t.app.inject({ url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      paths = res.json().paths;
    });

    it.each(ROUTES)('$method $path: a schema for every answer', ({ method, path, ok, errors }) => {
      const documented = paths[path]?.[method];
      expect(documented, `${method} ${path}`).toBeDefined();
      const { responses } = documented!;
      for (const status of ok) {
        const mediaType = path.endsWith('/export/') ? XLSX : 'application/json';
        expect(responses[status]?.content[mediaType]?.schema.type, status).toBeDefined();
      }
      for (const status of [...errors, 500]) {
        expect(responses[status]?.content['application/json']?.schema, `${status}`).toMatchObject({
          properties: { message: { type: 'string' } },
          required: ['message'],
        });
      }
      expect(documented!.security).toEqual([{ bearerAuth: [] }]);
    });

    const operation = (method: string, path: string) => paths[path]![method]!;
    const jsonSchema = (method: string, path: string, status = '200') =>
      operation(method, path).responses[status]!.content['application/json']!.schema;

    it('describes the profile body, the list and export queries and the toggle id', () => {
      const body = operation('post', '/api/registration/profile/').requestBody.content[
        'application/json'
      ]!.schema;
      expect(Object.keys(body.properties).sort()).toEqual(Object.keys(validPayload()).sort());
      expect(body.required).not.toContain('alternative_contact_number');
      expect(body.properties.state!.enum).toContain('Kerala');

      const names = (path: string) =>
        operation('get', path).parameters.map((p) => `${p.in}:${p.name}`);
      expect(names('/api/registration/admin/profiles/')).toEqual([
        'query:page',
        'query:page_size',
        'query:search',
        'query:from_date',
        'query:to_date',
        'query:status',
      ]);
      expect(names('/api/registration/admin/profiles/export/')).toEqual([
        'query:search',
        'query:from_date',
        'query:to_date',
        'query:status',
        'query:full_numbers',
      ]);
      const exported = operation('get', '/api/registration/admin/profiles/export/').responses[
        '200'
      ];
      expect(exported!.content).toEqual({
        [XLSX]: { schema: { type: 'string', format: 'binary' } },
      });

      const toggle = operation('post', '/api/registration/registration/{id}/toggle-delivered/');
      expect(toggle.parameters).toEqual([
        expect.objectContaining({ in: 'path', name: 'id', required: true }),
      ]);
    });

    it('describes the dashboard charts and the nullable parts of an applicant', () => {
      const dashboard = jsonSchema('get', '/api/registration/admin/dashboard/');
      expect(dashboard.properties.donut_chart).toMatchObject({
        type: 'object',
        additionalProperties: { type: 'integer' },
      });
      const row = jsonSchema('get', '/api/registration/admin/profiles/').properties.results!.items;
      expect(row.properties.registration).toMatchObject({ type: 'object', nullable: true });
      const application = jsonSchema('get', '/api/registration/application/');
      expect(application.properties.profile!.properties.alternative_contact_number).toMatchObject({
        type: 'string',
        nullable: true,
      });
    });
  });

  // The serializer drops whatever a response schema leaves out: each answer must be exactly what
  // the service produced.
  describe('answers keep every field the service produced', () => {
    let client: TestSession;
    beforeAll(async () => {
      client = await createClientSession(t);
    });
    const get = (url: string, session: TestSession) =>
      t.app.inject({ url, headers: session.headers });

    it('profile, status and application', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/registration/profile/',
        headers: client.headers,
        payload: validPayload(),
      });
      expect(created.statusCode).toBe(201);
      const stored = wire(await service.getApplication(client.userId));
      expect(created.json()).toEqual(stored);
      expect(Object.keys(created.json().profile)).toHaveLength(14);

      const updated = await t.app.inject({
        method: 'POST',
        url: '/api/registration/profile/',
        headers: client.headers,
        payload: validPayload({ alternative_contact_number: '' }),
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual(wire(await service.getApplication(client.userId)));

      const status = await get('/api/registration/registration/status/', client);
      expect(status.json()).toEqual({
        exists: true,
        application: wire(await service.getApplication(client.userId)),
      });
      const application = await get('/api/registration/application/', client);
      expect(application.json()).toEqual(wire(await service.getApplication(client.userId)));
    });

    it('admin list and dashboard', async () => {
      const list = await get('/api/registration/admin/profiles/?page_size=5', staff);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual(
        wire(
          await createAdminList(t.database.db).listProfiles({ page: 1, pageSize: 5, range: {} }),
        ),
      );
      expect(list.json().results[0].registration).toEqual(expect.any(Object));

      const dashboard = await get('/api/registration/admin/dashboard/', staff);
      expect(dashboard.statusCode).toBe(200);
      const expected = wire(await service.dashboard());
      expect(dashboard.json()).toEqual(expected);
      expect(Object.keys(expected.donut_chart).length).toBeGreaterThan(0);
    });

    it('delivered toggle', async () => {
      const [row] = (
        await createAdminList(t.database.db).listProfiles({ page: 1, pageSize: 1, range: {} })
      ).results;
      const id = row!.registration!.id;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/registration/registration/${id}/toggle-delivered/`,
        headers: staff.headers,
      });
      expect(res.json()).toEqual({ id, delivered: !row!.registration!.delivered });
    });
  });
});
