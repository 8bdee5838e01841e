import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { createPageHintsSource, type PageHintsSource } from './page-hints';
import { staticHostingPlugin } from './plugin';

const TEMPLATE = [
  '<!doctype html><html><head><title>__PRODUCT_NAME__</title>',
  '<script type="module" src="/assets/shell-AbCdEf12.js"></script></head><body>',
  '<div id="root"><!--lp-boot--><div class="lp-boot">Loading __PRODUCT_NAME__...</div><!--/lp-boot--></div>',
  '</body></html>',
].join('');

function hints(pageHtml: string, hindiHtml?: string) {
  return JSON.stringify({
    js: ['remoteEntry.js', 'assets/remote-app-AbCd1234.js'],
    css: ['assets/remote-app-AbCd1234.css'],
    placeholders: { productName: '__LP_PRODUCT_NAME__' },
    locales: { hi: ['assets/hi-Kl12Mn34.js'] },
    routes: {
      '/login': {
        js: [],
        css: [],
        html: pageHtml,
        style: '.card{color:red}',
        ...(hindiHtml ? { localized: { hi: hindiHtml } } : {}),
      },
      '/portal-admin/login': { js: [], css: [], html: pageHtml, style: '.card{color:red}' },
      '/portal-admin/dashboard': { js: ['assets/dashboard-page-Zz99Yy88.js'], css: [] },
    },
  });
}

/** A built shell and client remote on disk, as `pnpm build` leaves them. */
function fakeBuild() {
  const root = mkdtempSync(join(tmpdir(), 'loan-pages-'));
  const shell = join(root, 'shell');
  const client = join(root, 'client');
  mkdirSync(join(shell, 'assets'), { recursive: true });
  mkdirSync(join(client, 'assets'), { recursive: true });
  writeFileSync(join(shell, 'index.html'), TEMPLATE);
  writeFileSync(join(shell, 'assets', 'shell-AbCdEf12.js'), 'export {};');
  writeFileSync(join(shell, 'assets', 'shell-AbCdEf12.js.br'), brotliCompressSync('export {};'));
  writeFileSync(join(client, 'remoteEntry.js'), 'export {};');
  writeFileSync(
    join(client, 'page-hints.json'),
    hints(
      '<main class="card"><h1>Sign In to __LP_PRODUCT_NAME__</h1></main>',
      '<main class="card"><h1>__LP_PRODUCT_NAME__ में साइन इन करें</h1></main>',
    ),
  );
  return {
    SHELL_DIST_DIR: shell,
    CLIENT_PORTAL_DIST_DIR: client,
    ADMIN_PORTAL_DIST_DIR: join(root, 'none'),
  };
}

let app: FastifyInstance;
let cdn: Server;
let cdnUrl: string;

beforeAll(async () => {
  // The admin remote lives on another origin, as on a CDN: the server reads its hints over HTTP.
  cdn = createServer((req, res) => {
    if (req.url === '/admin/page-hints.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(hints('<main class="card"><h1>Admin Login</h1></main>'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  const config = loadConfig({
    ...fakeBuild(),
    PRODUCT_NAME: 'Rupee <Loans>',
    REMOTE_ADMIN_PORTAL_URL: `${cdnUrl}/admin/remoteEntry.js`,
  });
  const sources: PageHintsSource[] = [];
  app = Fastify({ logger: false });
  await app.register(cookie);
  await app.register(staticHostingPlugin, {
    config,
    createPageHintsSource: (options) => {
      const source = createPageHintsSource(options);
      sources.push(source);
      return source;
    },
  });
  // As @fastify/static does with a file that fails once its headers were chosen (gone in a
  // redeploy, out of file handles): Cache-Control is set on the raw response, then the read throws.
  app.get('/assets/vanished-AbCdEf12.js', async (_request, reply) => {
    reply.raw.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    throw new Error('ENOENT: the file went away');
  });
  await app.ready();
  // Start-up waits for the hints only so long; the pages below are rendered once they are in.
  await Promise.all(sources.map((source) => source.refresh()));
}, 120_000);

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => cdn.close(resolve));
});

const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

describe('pages of the web app', () => {
  it('paints /login from the HTML, with the config inline and the remote preloaded', async () => {
    const res = await page('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(
      '<div inert><main class="card"><h1>Sign In to Rupee &#60;Loans&#62;</h1></main></div>',
    );
    expect(res.body).toContain('<style>.card{color:red}</style>');
    expect(res.body).toContain('"productName":"Rupee \\u003cLoans>"');
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/remotes/client-portal/assets/remote-app-AbCd1234.js">',
    );
    // The shell's own scripts are still there, the remote's come in addition.
    expect(res.body).toContain('src="/assets/shell-AbCdEf12.js"');
  });

  it("reads a remote's hints from its own origin and preloads from there", async () => {
    const dashboard = await page('/portal-admin/dashboard');
    expect(dashboard.body).toContain(`href="${cdnUrl}/admin/remoteEntry.js"`);
    expect(dashboard.body).toContain(`href="${cdnUrl}/admin/assets/dashboard-page-Zz99Yy88.js"`);
    expect(dashboard.body).toContain('Loading Rupee &#60;Loans&#62;...');
    // Its pages' markup is not taken from another origin: the boot screen shows until it loads.
    const login = await page('/portal-admin/login');
    expect(login.body).not.toContain('Admin Login');
    expect(login.body).toContain('Loading Rupee &#60;Loans&#62;...');
    expect(login.body).toContain(`href="${cdnUrl}/admin/remoteEntry.js"`);
    expect(login.body).not.toContain('href="/remotes/client-portal/');
  });

  it('serves the same page compressed as the browser accepts it', async () => {
    const res = await app.inject({
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('names every module script of the page in a Link header, asked for before parsing (issue 17)', async () => {
    const res = await page('/login');
    expect(res.headers.link).toBe(
      [
        '</assets/shell-AbCdEf12.js>; rel=modulepreload; crossorigin',
        '</remotes/client-portal/remoteEntry.js>; rel=modulepreload; crossorigin',
        '</remotes/client-portal/assets/remote-app-AbCd1234.js>; rel=modulepreload; crossorigin',
      ].join(', '),
    );
    // A Hindi reader's page names its catalogs too, as its HTML does.
    const hindi = await app.inject({
      url: '/login',
      headers: { accept: 'text/html', cookie: 'lang=hi' },
    });
    expect(hindi.headers.link).toBe(
      `${res.headers.link}, </remotes/client-portal/assets/hi-Kl12Mn34.js>; rel=modulepreload; crossorigin`,
    );
    const dashboard = await page('/portal-admin/dashboard');
    expect(dashboard.headers.link).toContain(
      `<${cdnUrl}/admin/assets/dashboard-page-Zz99Yy88.js>; rel=modulepreload; crossorigin`,
    );
    // An API answer or a file is not a page: no such header.
    expect((await app.inject({ url: '/assets/shell-AbCdEf12.js' })).headers).not.toHaveProperty(
      'link',
    );
  });

  it('paints /login in Hindi for a visitor whose lang cookie says so (issue 16)', async () => {
    const hindi = await app.inject({
      url: '/login',
      headers: { accept: 'text/html', cookie: 'lang=hi' },
    });
    expect(hindi.body).toContain('<h1>Rupee &#60;Loans&#62; में साइन इन करें</h1>');
    expect(hindi.body).not.toContain('Sign In to');
    const english = await app.inject({
      url: '/login',
      headers: { accept: 'text/html', cookie: 'lang=en' },
    });
    expect(english.body).toContain('<h1>Sign In to Rupee &#60;Loans&#62;</h1>');
    // The back office stays English.
    const admin = await app.inject({
      url: '/portal-admin/login',
      headers: { accept: 'text/html', cookie: 'lang=hi' },
    });
    expect(admin.body).not.toContain('साइन इन');
    expect(admin.body).toContain('<html>');
  });

  it("copies each request's lang cookie into its page, whatever the page (issue 17)", async () => {
    const cookieCopy = async (url: string, cookie?: string) => {
      const res = await app.inject({
        url,
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      return /data-lang-cookie="([^"]*)"/.exec(res.body)?.[1];
    };
    // Pages rendered once are kept: the copy must still follow each request's cookie.
    expect(await cookieCopy('/status', 'lang=hi')).toBe('hi');
    expect(await cookieCopy('/status')).toBe('');
    expect(await cookieCopy('/status', 'lang=en')).toBe('en');
    expect(await cookieCopy('/status', 'lang=xx')).toBe('');
    expect(await cookieCopy('/login', 'lang=hi')).toBe('hi');
    expect(await cookieCopy('/', 'lang=hi')).toBe('hi');
  });

  it('a hashed asset that fails is answered as an error, never cached for a year', async () => {
    const res = await app.inject({ url: '/assets/vanished-AbCdEf12.js' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['cache-control']).toBe('no-store');
    const served = await app.inject({ url: '/assets/shell-AbCdEf12.js' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers).not.toHaveProperty('etag');
  });

  it('names Accept-Encoding in Vary, so a shared cache keeps one copy per encoding', async () => {
    const brotli = await app.inject({
      url: '/assets/shell-AbCdEf12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    const plain = await app.inject({
      url: '/assets/shell-AbCdEf12.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.body).toBe('export {};');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const entry = await app.inject({ url: '/remotes/client-portal/remoteEntry.js' });
    expect(entry.headers.vary).toBe('Accept-Encoding');
  });

  it('keeps Accept-Encoding in Vary beside the Origin that CORS adds (CORS_ORIGINS)', async () => {
    const withCors = Fastify({ logger: false });
    await withCors.register(cors, { origin: ['https://partner.example'] });
    await withCors.register(cookie);
    await withCors.register(staticHostingPlugin, { config: loadConfig(fakeBuild()) });
    try {
      const res = await withCors.inject({
        url: '/assets/shell-AbCdEf12.js',
        headers: { 'accept-encoding': 'br', origin: 'https://partner.example' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(
        String(res.headers.vary)
          .split(/\s*,\s*/)
          .sort(),
      ).toEqual(['Accept-Encoding', 'Origin']);
    } finally {
      await withCors.close();
    }
  });

  it('falls back to the boot screen for a page without hints', async () => {
    const res = await page('/no/such/page');
    expect(res.body).toContain('<div class="lp-boot">Loading Rupee &#60;Loans&#62;...</div>');
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/remotes/client-portal/remoteEntry.js">',
    );
  });
});
