import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Msg91SmsProvider } from './msg91';
import { SmsSendError } from './types';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for control.msg91.com: records each call and answers as told. */
let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(raw),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const provider = () =>
  new Msg91SmsProvider({
    authKey: 'auth-key-1',
    templateId: 'tmpl-42',
    senderId: 'LOANPT',
    baseUrl,
  });

describe('MSG91 adapter', () => {
  it('sends the code through the flow API with the DLT template and the auth key header', async () => {
    answer = { status: 200, body: JSON.stringify({ type: 'success', message: '3763646c3058' }) };
    await provider().send('9876543210', '123456 is your code', {
      purpose: 'signup',
      code: '123456',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/api/v5/flow/',
      headers: { authkey: 'auth-key-1', 'content-type': 'application/json' },
      body: {
        template_id: 'tmpl-42',
        sender: 'LOANPT',
        short_url: '0',
        recipients: [{ mobiles: '919876543210', otp: '123456' }],
      },
    });
  });

  it('sends a Hindi message on the Hindi template, and on the English one when there is none', async () => {
    answer = { status: 200, body: JSON.stringify({ type: 'success', message: 'x' }) };
    const hindi = new Msg91SmsProvider({
      authKey: 'auth-key-1',
      templateId: 'tmpl-42',
      statusTemplateIds: { approved: 'tmpl-approved' },
      hindi: { templateId: 'tmpl-42-hi', statusTemplateIds: {} },
      baseUrl,
    });
    await hindi.send('9876543210', 'कोड', { purpose: 'signup', code: '123456', language: 'hi' });
    await hindi.send('9876543210', 'code', { purpose: 'signup', code: '123456', language: 'en' });
    await hindi.send('9876543210', 'स्वीकृत', {
      purpose: 'status',
      status: 'approved',
      applicationId: 7,
      key: 'k',
      language: 'hi',
    });
    expect(received.map((r) => (r.body as { template_id: string }).template_id)).toEqual([
      'tmpl-42-hi',
      'tmpl-42',
      'tmpl-approved',
    ]);
  });

  it('turns an error answer into an SmsSendError without the code in it', async () => {
    answer = { status: 200, body: JSON.stringify({ type: 'error', message: 'Invalid template' }) };
    const error = await provider()
      .send('9876543210', '654321 is your code', { purpose: 'reset', code: '654321' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as Error).message).toBe('MSG91 refused the message (HTTP 200: Invalid template)');
    expect((error as Error).message).not.toContain('654321');
  });

  it('treats an HTTP error status as a failure', async () => {
    answer = {
      status: 401,
      body: JSON.stringify({ type: 'error', message: 'Authentication failure' }),
    };
    await expect(
      provider().send('9876543210', 'x', { purpose: 'signup', code: '111111' }),
    ).rejects.toThrow('MSG91 refused the message (HTTP 401: Authentication failure)');
    answer = { status: 502, body: '<html>Bad gateway</html>' };
    await expect(
      provider().send('9876543210', 'x', { purpose: 'signup', code: '111111' }),
    ).rejects.toThrow('MSG91 refused the message (HTTP 502)');
  });

  it('reports an unreachable server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = new Msg91SmsProvider({
      authKey: 'k',
      templateId: 't',
      baseUrl: `http://127.0.0.1:${port}`,
    });
    await expect(
      offline.send('9876543210', 'x', { purpose: 'signup', code: '111111' }),
    ).rejects.toBeInstanceOf(SmsSendError);
  });
});
