import { createContext, runInContext, runInNewContext } from 'node:vm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../create-api-client';
import { API_PATHS } from '../endpoints/paths';
import { LOCALE_COOKIE_ATTRIBUTE } from '../i18n/preference';
import { FIRST_PAINT_ATTRIBUTE, INLINE_CONFIG_ID } from '../runtime-config';
import { createMemoryStorage } from '../session/storage';
import {
  EARLY_ANSWER_TTL_MS,
  EARLY_REQUESTS_GLOBAL,
  type EarlyAnswer,
  type EarlyRequest,
} from './early-requests';
import { EARLY_REQUESTS_SCRIPT } from './early-requests-script';

const BASE = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

interface Sent {
  url: string;
  headers: Record<string, string>;
}

/** Runs the page's script as a browser would, with this storage, URL and cookie. */
function runScript(options: {
  path: string;
  storage?: Record<string, string>;
  cookie?: string;
  /** The server's copy of the lang cookie on the config element; absent when undefined. */
  cookieCopy?: string;
  apiBaseUrl?: string;
  /** Intl as the page has it; a recording wrapper of Node's by default. */
  intl?: unknown;
  /** The server painted the page into its HTML (the config element says so). */
  painted?: boolean;
}) {
  const sent: Sent[] = [];
  const formatters: string[] = [];
  // A constructor (the script says `new`), recording each formatter the page makes.
  const record = (kind: string, Real: new (locale: string, options: object) => object) =>
    function PageFormatter(locale: string, options: object) {
      formatters.push(`${kind} ${locale} ${JSON.stringify(options)}`);
      return new Real(locale, options);
    };
  const window: Record<string, unknown> = {};
  let cookieReads = 0;
  const context = {
    window,
    location: { pathname: options.path },
    localStorage: { getItem: (key: string) => options.storage?.[key] ?? null },
    document: {
      get cookie() {
        cookieReads += 1;
        return options.cookie ?? '';
      },
      getElementById: (id: string) =>
        id === INLINE_CONFIG_ID
          ? {
              textContent: JSON.stringify({ apiBaseUrl: options.apiBaseUrl ?? '' }),
              getAttribute: (name: string) =>
                name === LOCALE_COOKIE_ATTRIBUTE ? (options.cookieCopy ?? null) : null,
              hasAttribute: (name: string) =>
                name === FIRST_PAINT_ATTRIBUTE ? options.painted === true : false,
            }
          : null,
    },
    performance: { now: () => 1000 },
    pageIntl: options.intl ?? {
      NumberFormat: record('NumberFormat', Intl.NumberFormat),
      DateTimeFormat: record('DateTimeFormat', Intl.DateTimeFormat),
    },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, headers: init.headers });
      return Promise.resolve(new Response('{}', { status: 200 }));
    },
  };
  window.fetch = context.fetch;
  const page = createContext(context);
  // The context's own Intl is a built-in, which a property of the same name would not replace.
  runInContext('Intl = pageIntl; delete globalThis.pageIntl;', page);
  runInContext(EARLY_REQUESTS_SCRIPT, page);
  return {
    sent,
    early: window[EARLY_REQUESTS_GLOBAL] as Record<string, EarlyRequest> | undefined,
    cookieReads,
    formatters,
  };
}

describe('the early requests script (issue 17)', () => {
  it("asks for a signed-in client's user and application, and on /register the saved form", () => {
    const { sent } = runScript({
      path: '/register',
      storage: { client_access_token: 'client-token', admin_access_token: 'admin-token' },
      apiBaseUrl: 'https://api.example',
    });
    expect(sent.map((request) => request.url)).toEqual([
      `https://api.example${API_PATHS.currentUser}`,
      `https://api.example${API_PATHS.registrationStatus}`,
      `https://api.example${API_PATHS.profileDraft}`,
    ]);
    for (const request of sent) {
      expect(request.headers).toEqual({
        Accept: 'application/json',
        Authorization: 'Bearer client-token',
        'Accept-Language': 'en',
      });
    }
    expect(runScript({ path: '/status', storage: { client_access_token: 't' } }).sent).toHaveLength(
      2,
    );
  });

  it("speaks the client's language as the portal does: stored choice, else the lang cookie", () => {
    const language = (storage: Record<string, string>, cookie = '') =>
      runScript({ path: '/status', storage: { client_access_token: 't', ...storage }, cookie })
        .sent[0]?.headers['Accept-Language'];
    expect(language({ 'loan-portal.locale': 'hi' }, 'lang=en')).toBe('hi');
    expect(language({}, 'theme=dark; lang=hi')).toBe('hi');
    expect(language({ 'loan-portal.locale': 'fr' }, 'lang=xx')).toBe('en');
  });

  it("takes the lang cookie from the server's copy in the page, never reading document.cookie", () => {
    const run = (cookieCopy: string, cookie = 'lang=en') =>
      runScript({ path: '/status', storage: { client_access_token: 't' }, cookie, cookieCopy });
    const hindi = run('hi');
    expect(hindi.sent[0]?.headers['Accept-Language']).toBe('hi');
    expect(hindi.cookieReads).toBe(0);
    // '' is the server saying there was no cookie.
    const none = run('', 'lang=hi');
    expect(none.sent[0]?.headers['Accept-Language']).toBe('en');
    expect(none.cookieReads).toBe(0);
    expect(run('xx').sent[0]?.headers['Accept-Language']).toBe('en');
    // A stored choice wins and needs neither.
    const stored = runScript({
      path: '/status',
      storage: { client_access_token: 't', 'loan-portal.locale': 'en' },
      cookieCopy: 'hi',
    });
    expect(stored.sent[0]?.headers['Accept-Language']).toBe('en');
    expect(stored.cookieReads).toBe(0);
  });

  it("asks for staff's user and, on the dashboard, its figures, with the admin token only", () => {
    const { sent } = runScript({
      path: '/portal-admin/dashboard',
      storage: { client_access_token: 'client-token', admin_access_token: 'admin-token' },
    });
    expect(sent.map((request) => request.url)).toEqual([
      API_PATHS.currentUser,
      API_PATHS.adminDashboard,
    ]);
    // The admin portal sends no Accept-Language of its own: the browser's goes, as it would.
    expect(sent[0]?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer admin-token',
    });
  });

  it('leaves null, not a rejection, when the network fails (the portal asks again)', async () => {
    const window: Record<string, unknown> = {};
    const fail = () => Promise.reject(new TypeError('Failed to fetch'));
    runInNewContext(EARLY_REQUESTS_SCRIPT, {
      window: Object.assign(window, { fetch: fail }),
      fetch: fail,
      location: { pathname: '/status' },
      localStorage: { getItem: (key: string) => (key === 'client_access_token' ? 't' : null) },
      document: {
        cookie: '',
        getElementById: () => ({ textContent: '{"apiBaseUrl":""}', getAttribute: () => null }),
      },
      performance: { now: () => 0 },
    });
    const early = window[EARLY_REQUESTS_GLOBAL] as Record<string, EarlyRequest>;
    expect(await early[API_PATHS.currentUser]?.answer).toBeNull();
  });

  it("starts Intl in the reader's language while the scripts download, signed in only (F17)", () => {
    const signedIn = (storage: Record<string, string>, path = '/status') =>
      runScript({ path, storage }).formatters;
    const ist = '{"timeZone":"Asia/Kolkata","numberingSystem":"latn"}';
    expect(signedIn({ client_access_token: 't', 'loan-portal.locale': 'hi' })).toEqual([
      'NumberFormat hi-IN {"numberingSystem":"latn"}',
      `DateTimeFormat hi-IN ${ist}`,
    ]);
    expect(signedIn({ client_access_token: 't' })).toEqual([
      'NumberFormat en-IN {"numberingSystem":"latn"}',
      `DateTimeFormat en-IN ${ist}`,
    ]);
    // The back office formats in en-US (admin-portal/src/lib/format.ts).
    expect(signedIn({ admin_access_token: 'a' }, '/portal-admin/dashboard')).toEqual([
      'NumberFormat en-US {"numberingSystem":"latn"}',
      `DateTimeFormat en-US ${ist}`,
    ]);
    // A signed-out page paints from its HTML: nothing may hold that paint.
    expect(runScript({ path: '/login' }).formatters).toEqual([]);
    // Nor with a stored token: the page still paints from its HTML, before the portal moves on.
    const painted = runScript({
      path: '/login',
      storage: { client_access_token: 't' },
      painted: true,
    });
    expect(painted.formatters).toEqual([]);
    expect(painted.sent).toHaveLength(2);
  });

  it('plans a path with a trailing slash as the page it shows', () => {
    const status = runScript({ path: '/status/', storage: { client_access_token: 't' } });
    expect(status.formatters).toHaveLength(2);
    const register = runScript({ path: '/register//', storage: { client_access_token: 't' } });
    expect(Object.keys(register.early ?? {})).toEqual([
      API_PATHS.currentUser,
      API_PATHS.registrationStatus,
      API_PATHS.profileDraft,
    ]);
    const dashboard = runScript({
      path: '/portal-admin/dashboard/',
      storage: { admin_access_token: 'a' },
    });
    expect(Object.keys(dashboard.early ?? {})).toEqual([
      API_PATHS.currentUser,
      API_PATHS.adminDashboard,
    ]);
  });

  it('leaves Intl alone on a page whose first render formats nothing: the form (F17)', () => {
    const register = runScript({ path: '/register', storage: { client_access_token: 't' } });
    expect(register.formatters).toEqual([]);
    expect(register.sent).toHaveLength(3);
    for (const path of ['/dashboard', '/payment', '/status']) {
      expect(
        runScript({ path, storage: { client_access_token: 't' } }).formatters,
        path,
      ).toHaveLength(2);
    }
    for (const path of ['/portal-admin/applicants', '/portal-admin/audit']) {
      expect(
        runScript({ path, storage: { admin_access_token: 'a' } }).formatters,
        path,
      ).toHaveLength(2);
    }
  });

  it('keeps its requests when the browser has no Intl to start', () => {
    const { sent, early } = runScript({
      path: '/status',
      storage: { client_access_token: 't' },
      intl: {},
    });
    expect(sent).toHaveLength(2);
    expect(Object.keys(early ?? {})).toEqual([API_PATHS.currentUser, API_PATHS.registrationStatus]);
  });

  it('asks for nothing without a stored token for the portal of the page', () => {
    expect(runScript({ path: '/register' }).sent).toEqual([]);
    expect(runScript({ path: '/register', storage: { admin_access_token: 'a' } }).sent).toEqual([]);
    expect(
      runScript({ path: '/portal-admin/dashboard', storage: { client_access_token: 'c' } }).sent,
    ).toEqual([]);
  });
});

/** Leaves one early request for `path`, as the script would have, with this answer. */
function leaveEarly(path: string, answer: EarlyAnswer, overrides: Partial<EarlyRequest> = {}) {
  const early: Record<string, EarlyRequest> = {
    [path]: {
      token: 'access-1',
      language: null,
      at: performance.now(),
      answer: Promise.resolve(answer),
      ...overrides,
    },
  };
  vi.stubGlobal('window', { [EARLY_REQUESTS_GLOBAL]: early });
  return early;
}

/** Counts what reaches the network and answers every GET with `reply`. */
function network(reply: Record<string, unknown>) {
  const seen: string[] = [];
  server.use(
    http.get(`${BASE}/*`, ({ request }) => {
      seen.push(new URL(request.url).pathname);
      return HttpResponse.json(reply);
    }),
    http.post(`${BASE}${API_PATHS.tokenRefresh}`, () => {
      seen.push(API_PATHS.tokenRefresh);
      return HttpResponse.json({ access: 'access-2' });
    }),
  );
  return seen;
}

function signedInClient() {
  const storage = createMemoryStorage();
  storage.setItem('client_access_token', 'access-1');
  return createApiClient({ baseURL: BASE, portal: 'client', storage });
}

const json = (value: unknown): EarlyAnswer => ({
  status: 200,
  body: JSON.stringify(value),
  contentType: 'application/json; charset=utf-8',
});

describe('the api-client takes an early answer once (issue 17)', () => {
  it('answers the first GET of the path from the early request, and asks the server after', async () => {
    const early = leaveEarly(API_PATHS.currentUser, json({ id: 7, phone_number: '9876543210' }));
    const seen = network({ id: 8, phone_number: '9000000000' });
    const api = signedInClient();
    expect(await api.getCurrentUser()).toEqual({ id: 7, phone_number: '9876543210' });
    expect(seen).toEqual([]);
    expect(early[API_PATHS.currentUser]).toBeUndefined();
    expect(await api.getCurrentUser()).toEqual({ id: 8, phone_number: '9000000000' });
    expect(seen).toEqual([API_PATHS.currentUser]);
  });

  it('settles an early 404 as a 404: no saved form, without asking again', async () => {
    leaveEarly(API_PATHS.profileDraft, {
      status: 404,
      body: '{"detail":"No saved form."}',
      contentType: 'application/json',
    });
    const seen = network({});
    expect(await signedInClient().getProfileDraft()).toBeNull();
    expect(seen).toEqual([]);
  });

  it('asks the server when the early answer is an expired token: the refresh and retry run as ever', async () => {
    leaveEarly(API_PATHS.currentUser, {
      status: 401,
      body: '{"detail":"expired"}',
      contentType: 'application/json',
    });
    let calls = 0;
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}${API_PATHS.currentUser}`, ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '');
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'expired' }, { status: 401 })
          : HttpResponse.json({ id: 7 });
      }),
      http.post(`${BASE}${API_PATHS.tokenRefresh}`, () =>
        HttpResponse.json({ access: 'access-2' }),
      ),
    );
    expect(await signedInClient().getCurrentUser()).toEqual({ id: 7 });
    expect(seen).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('asks the server when the early request carried another token, language, or is stale', async () => {
    const cases: Partial<EarlyRequest>[] = [
      { token: 'someone-else' },
      { language: 'hi' },
      { at: performance.now() - EARLY_ANSWER_TTL_MS - 1 },
    ];
    for (const overrides of cases) {
      leaveEarly(API_PATHS.currentUser, json({ id: 7 }), overrides);
      const seen = network({ id: 8 });
      expect(await signedInClient().getCurrentUser(), JSON.stringify(overrides)).toEqual({ id: 8 });
      expect(seen).toEqual([API_PATHS.currentUser]);
    }
  });

  it('asks the server when the early request failed on the network', async () => {
    leaveEarly(API_PATHS.currentUser, json({}), {
      answer: Promise.resolve(null),
    });
    const seen = network({ id: 8 });
    expect(await signedInClient().getCurrentUser()).toEqual({ id: 8 });
    expect(seen).toEqual([API_PATHS.currentUser]);
  });
});
