import { describe, expect, it, vi } from 'vitest';
import { createPageHintsSource } from './page-hints';

const hints = (js: string[]) => ({ js, css: [], routes: {}, placeholders: {} });

function fakeFetch(answers: Response[]) {
  return vi.fn(
    async () => answers.shift() ?? new Response('', { status: 404 }),
  ) as unknown as typeof fetch & { mock: { calls: unknown[][] } };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('page hints of a remote on another origin', () => {
  it('are read next to its remoteEntry.js, and read again once they are older than maxAge', async () => {
    let clock = 0;
    const fetch = fakeFetch([
      json(hints(['remoteEntry.js'])),
      json(hints(['remoteEntry.js', 'a.js'])),
    ]);
    const source = createPageHintsSource({
      entryUrl: 'https://cdn.example/client/remoteEntry.js',
      maxAgeMs: 60_000,
      fetch,
      now: () => clock,
    });
    await source.refresh();
    expect(fetch.mock.calls[0]?.[0]).toEqual(new URL('https://cdn.example/client/page-hints.json'));
    expect(source.current()?.js).toEqual(['remoteEntry.js']);
    clock = 59_999;
    expect(source.current()?.js).toEqual(['remoteEntry.js']);
    expect(fetch.mock.calls).toHaveLength(1);
    clock = 60_000;
    source.current();
    await source.refresh();
    expect(source.current()?.js).toEqual(['remoteEntry.js', 'a.js']);
  });

  it('are simply absent, without an error, for a build without them or a dev server', async () => {
    const onError = vi.fn();
    const fetch = fakeFetch([
      new Response('', { status: 404 }),
      new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
    ]);
    const source = createPageHintsSource({
      entryUrl: 'http://localhost:5174/remoteEntry.js',
      maxAgeMs: 0,
      fetch,
      onError,
    });
    await source.refresh();
    expect(source.current()).toBeUndefined();
    await source.refresh();
    expect(source.current()).toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
  });

  it('keep the last good copy when the origin fails or answers nonsense', async () => {
    const onError = vi.fn();
    const fetch = fakeFetch([
      json(hints(['remoteEntry.js'])),
      new Response('', { status: 503 }),
      json({ js: ['../../etc/passwd'] }),
    ]);
    const source = createPageHintsSource({
      entryUrl: 'https://cdn.example/client/remoteEntry.js',
      maxAgeMs: 0,
      fetch,
      onError,
    });
    for (let i = 0; i < 3; i++) await source.refresh();
    expect(source.current()?.js).toEqual(['remoteEntry.js']);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('give files to preload and never markup to inline: pages of another origin are not ours', async () => {
    const fetch = fakeFetch([
      json({
        ...hints(['remoteEntry.js']),
        routes: { '/login': { js: [], css: [], html: '<h1>Sign In</h1>', style: 'h1{}' } },
      }),
    ]);
    const source = createPageHintsSource({
      entryUrl: 'https://cdn.example/client/remoteEntry.js',
      maxAgeMs: 60_000,
      fetch,
    });
    await source.refresh();
    expect(source.current()?.routes['/login']).toEqual({ js: [], css: [] });
    // A redirect could lead anywhere, so it is an error rather than followed.
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ redirect: 'error' });
  });

  it('are only read over HTTPS, or plain HTTP to this machine', async () => {
    const fetch = fakeFetch([json(hints(['remoteEntry.js'])), json(hints(['remoteEntry.js']))]);
    for (const entryUrl of [
      'http://cdn.example/client/remoteEntry.js',
      'http://10.0.0.7/client/remoteEntry.js',
    ]) {
      const source = createPageHintsSource({ entryUrl, maxAgeMs: 60_000, fetch });
      await source.refresh();
      expect(source.current()).toBeUndefined();
    }
    expect(fetch.mock.calls).toHaveLength(0);
    const local = createPageHintsSource({
      entryUrl: 'http://127.0.0.1:5174/remoteEntry.js',
      maxAgeMs: 60_000,
      fetch,
    });
    await local.refresh();
    expect(local.current()?.js).toEqual(['remoteEntry.js']);
  });

  it('are refused when larger than maxBytes, whether announced or not', async () => {
    const onError = vi.fn();
    const big = JSON.stringify(hints(['remoteEntry.js', `${'a'.repeat(2000)}.js`]));
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const fetch = fakeFetch([
      json(hints(['remoteEntry.js'])),
      new Response(big, { headers: { 'content-type': 'application/json' } }),
      new Response(streamed, { headers: { 'content-type': 'application/json' } }),
    ]);
    const source = createPageHintsSource({
      entryUrl: 'https://cdn.example/client/remoteEntry.js',
      maxAgeMs: 0,
      maxBytes: 1000,
      fetch,
      onError,
    });
    for (let i = 0; i < 3; i++) await source.refresh();
    expect(source.current()?.js).toEqual(['remoteEntry.js']);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(String(onError.mock.calls[1]?.[0])).toContain('larger than 1000 bytes');
  });
});
