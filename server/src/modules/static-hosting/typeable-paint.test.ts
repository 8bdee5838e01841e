import { createHash } from 'node:crypto';
import {
  DEFERRED_MODULES_ID,
  type RuntimeConfig,
  TYPEABLE_PAINT_SCRIPT,
} from '@loan-portal/api-client';
import { describe, expect, it } from 'vitest';
import { modulePreloadHeader } from './link-header';
import { renderShellPage } from './page';
import { parsePageHints } from './page-hints';
import { TYPEABLE_PAINT_SCRIPT_HASH } from './typeable-paint';

// The shell's index.html as Vite writes it: its entry and its preloads in the head.
const template = [
  '<!doctype html><html><head><title>__PRODUCT_NAME__</title>',
  '<script type="module" crossorigin src="/assets/mf-entry-Ab12.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-dom-Cd34.js">',
  '</head><body>',
  '<div id="root"><!--lp-boot--><div class="lp-boot">Loading __PRODUCT_NAME__...</div><!--/lp-boot--></div>',
  '</body></html>',
].join('');

const config = {
  productName: 'Loan Portal',
  tagline: 'Loans made easy, secure & fast.',
  remotes: {
    client_portal: '/remotes/client-portal/remoteEntry.js',
    admin_portal: 'https://cdn.example/admin/remoteEntry.js',
  },
} as RuntimeConfig;

const form =
  '<main><h1>Sign In</h1><form><input name="mobile" value=""/><button inert="" type="button">Sign In</button></form></main>';
const hints = parsePageHints({
  js: ['remoteEntry.js', 'assets/remote-app-Ef56.js'],
  css: [],
  placeholders: { productName: '__LP_PRODUCT_NAME__' },
  locales: { hi: ['assets/hi-Gh78.js'] },
  routes: {
    '/login': { js: ['assets/login-page-Ij90.js'], css: [], html: form, style: '', typeable: true },
    '/signup': { js: [], css: [], html: form, style: '' },
  },
});

function render(path: string, cookieLocale?: 'hi') {
  return renderShellPage({
    template,
    config,
    entryUrl: config.remotes.client_portal,
    hints,
    path,
    cookieLocale,
  });
}

function deferredList(html: string): unknown {
  const json = new RegExp(
    `<script id="${DEFERRED_MODULES_ID}" type="application/json">([^<]*)<`,
  ).exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('a page whose painted copy takes input (issue 17, /login)', () => {
  it('paints its copy without inert, and asks for no script before that paint', () => {
    const html = render('/login');
    expect(html).toContain(`<div data-lp-typeable>${form}</div>`);
    expect(html).not.toContain('<div inert>');
    expect(html).not.toMatch(/<script[^>]*type="module"|rel="modulepreload"/);
    // Nothing for the browser to fetch before it parses: no Link header either.
    expect(modulePreloadHeader(html)).toBeUndefined();
  });

  it("lists the shell's entry first, then every file the page would have preloaded, each once", () => {
    expect(deferredList(render('/login'))).toEqual([
      ['/assets/mf-entry-Ab12.js', ''],
      ['/assets/react-dom-Cd34.js', ''],
      ['/remotes/client-portal/remoteEntry.js', ''],
      ['/remotes/client-portal/assets/remote-app-Ef56.js', ''],
      ['/remotes/client-portal/assets/login-page-Ij90.js', ''],
    ]);
    // A Hindi reader's catalogs with them.
    expect(deferredList(render('/login', 'hi'))).toContainEqual([
      '/remotes/client-portal/assets/hi-Gh78.js',
      '',
    ]);
  });

  it('runs only the script the CSP allows by its hash', () => {
    const html = render('/login');
    expect(html).toContain(`<script>${TYPEABLE_PAINT_SCRIPT}</script>`);
    expect(TYPEABLE_PAINT_SCRIPT_HASH).toBe(
      `'sha256-${createHash('sha256').update(TYPEABLE_PAINT_SCRIPT, 'utf8').digest('base64')}'`,
    );
  });

  it('leaves the other painted pages inert, with their scripts preloaded as before', () => {
    const html = render('/signup');
    expect(html).toContain(`<div inert>${form}</div>`);
    expect(html).not.toContain(DEFERRED_MODULES_ID);
    expect(modulePreloadHeader(html)).toContain('</assets/mf-entry-Ab12.js>; rel=modulepreload');
  });

  it('refuses hints whose typeable is not true or false', () => {
    expect(() =>
      parsePageHints({
        js: [],
        css: [],
        placeholders: {},
        routes: { '/login': { js: [], css: [], typeable: 'yes' } },
      }),
    ).toThrow('routes./login.typeable must be true or false');
  });
});
