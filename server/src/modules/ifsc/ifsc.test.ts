import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { loadIfscDirectory } from './directory';

const lookup = (code: string) => `/api/registration/ifsc/${code}/`;

describe('IFSC directory (RBI list from the ifsc package)', () => {
  const directory = loadIfscDirectory();

  it('holds the whole list: about 177,000 codes', () => {
    expect(directory.size).toBeGreaterThan(150_000);
    expect(directory.source).toMatch(/^npm ifsc@\d+\.\d+\.\d+/);
  });

  it('finds numeric and alphanumeric branch codes, and names the bank', () => {
    expect(directory.lookup('SBIN0000001')).toEqual({
      ifsc: 'SBIN0000001',
      bank_code: 'SBIN',
      bank: 'State Bank of India',
    });
    expect(directory.lookup('HDFC0000001')).toMatchObject({ bank: 'HDFC Bank' });
    // A branch code with letters (kept as a string in the package's list).
    expect(directory.lookup('ABNA0NEFT02')).toMatchObject({ bank_code: 'ABNA' });
  });

  it('names the owning bank of a sublet branch, not the bank whose code it uses', () => {
    // sublet.json: APBL0001001 belongs to TSDX.
    const found = directory.lookup('APBL0001001');
    expect(found?.bank_code).toBe('TSDX');
    expect(found?.bank).not.toBe(directory.lookup('APBL0000SC')?.bank);
  });

  it('knows nothing of codes outside the list, or of malformed ones', () => {
    expect(directory.lookup('SBIN0999999')).toBeNull();
    expect(directory.lookup('ZZZZ0000001')).toBeNull();
    expect(directory.lookup('sbin0000001')).toBeNull();
    expect(directory.lookup('SBIN1000001')).toBeNull();
    expect(directory.lookup('')).toBeNull();
  });

  it('looks a code up in well under 5 ms (p95 of 20,000)', () => {
    const codes = ['SBIN0000001', 'HDFC0000001', 'SBIN0999999', 'ABNA0NEFT02', 'APBL0001001'];
    const times: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const started = performance.now();
      directory.lookup(codes[i % codes.length]!);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(5);
  });
});

describe('GET /api/registration/ifsc/{code}/', () => {
  let t: TestApp;
  let client: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createClientSession(t);
  }, 120_000);
  afterAll(() => t.close());

  it('answers the bank of a listed code', async () => {
    const res = await t.app.inject({ url: lookup('SBIN0000001'), headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ifsc: 'SBIN0000001',
      bank_code: 'SBIN',
      bank: 'State Bank of India',
    });
  });

  it('takes a code typed in lower case', async () => {
    const res = await t.app.inject({ url: lookup('sbin0000001'), headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().ifsc).toBe('SBIN0000001');
  });

  it('answers 404 with the form message for a well-formed code that is not listed', async () => {
    const res = await t.app.inject({ url: lookup('SBIN0999999'), headers: client.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "IFSC not found in RBI's list. Please check it." });
  });

  it.each(['SBIN', 'SBIN1000001', 'SBIN00000011', 'SBIN0%2500001', 'SB%00N0000001'])(
    'answers 400 for the malformed code %s',
    async (code) => {
      const res = await t.app.inject({ url: lookup(code), headers: client.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Enter a valid IFSC code (e.g., ABCD0123456)' });
    },
  );

  it('answers anyone, as RBI publishes the list, and lets caches keep it for a day', async () => {
    const staff = await createStaffSession(t);
    for (const headers of [undefined, staff.headers, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ url: lookup('SBIN0000001'), headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().bank).toBe('State Bank of India');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    }
    const unlisted = await t.app.inject({
      url: lookup('SBIN0999999'),
      headers: { 'accept-language': 'hi' },
    });
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json().message).not.toBe("IFSC not found in RBI's list. Please check it.");
  });
});
