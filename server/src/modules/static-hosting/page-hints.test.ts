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
});
