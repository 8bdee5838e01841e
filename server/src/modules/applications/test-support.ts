import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers';
import { createClientSession, type TestSession } from '../../test/sessions';
import { registrations } from '../registration/tables';
import { validPayload } from '../registration/test-support';

/** A client whose application (submitted through the API) is in `status`. */
export async function clientWithApplication(
  t: TestApp,
  status = 'paid',
): Promise<TestSession & { registrationId: number }> {
  const client = await createClientSession(t);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/registration/profile/',
    headers: client.headers,
    payload: validPayload({ contact_number: client.phone }),
  });
  if (saved.statusCode !== 201) throw new Error(`profile not saved: ${saved.body}`);
  const registrationId = saved.json().application_id as number;
  if (status !== 'draft') {
    await t.database.db
      .update(registrations)
      .set({ status, submittedAt: new Date() })
      .where(eq(registrations.id, registrationId));
  }
  return { ...client, registrationId };
}

/** POST .../transition/ as `headers`. */
export function transition(
  t: TestApp,
  headers: Record<string, string>,
  id: number,
  body: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/registration/admin/applications/${id}/transition/`,
    headers,
    payload: body,
  });
}

/** The dev outbox of the console SMS provider for `phone`, newest first. */
export async function outbox(t: TestApp, phone: string): Promise<{ body: string }[]> {
  const response = await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  return response.json().messages;
}
