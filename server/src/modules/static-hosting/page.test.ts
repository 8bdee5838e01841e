import { readFileSync } from 'node:fs';
import type { RuntimeConfig } from '@loan-portal/api-client';
import { describe, expect, it } from 'vitest';
import { renderShellPage } from './page';
import { type PageHints, parsePageHints } from './page-hints';

const template = [
  '<!doctype html><html><head><title>__PRODUCT_NAME__</title></head><body>',
  '<div id="root"><!--lp-boot--><div class="lp-boot">Loading __PRODUCT_NAME__...</div><!--/lp-boot--></div>',
  '</body></html>',
].join('');

const config: RuntimeConfig = {
  productName: 'Rupee <Loans>',
  tagline: 'Loans made easy, secure & fast.',
  supportEmail: 'care@rupee.example',
  supportPhone: '+91 80000 00000',
  privacyNoticeVersion: '2026-11',
  grievanceOfficer: {
    name: 'Meera Iyer',
    email: 'grievance@loans.example.in',
    phone: '+91 80000 54321',
  },
  applicationFeeInr: 199,
  apiBaseUrl: '',
  payment: { provider: 'simulator', mode: 'sandbox', sdkUrl: '/payments-simulator/cashfree.js' },
  remotes: {
    client_portal: '/remotes/client-portal/remoteEntry.js',
    admin_portal: 'https://cdn.example/admin/remoteEntry.js',
  },
};

const hints: PageHints = parsePageHints({
  js: ['remoteEntry.js', 'assets/remote-app-AbCd1234.js'],
  css: ['assets/remote-app-AbCd1234.css'],
  placeholders: { productName: '__LP_PRODUCT_NAME__', tagline: '__LP_TAGLINE__' },
  routes: {
    '/login': {
      js: [],
      css: [],
      html: '<main><p>__LP_PRODUCT_NAME__</p><h1>Sign In</h1><p>__LP_TAGLINE__</p></main>',
      style: 'main{margin:0}',
    },
    '/register': { js: ['assets/register-page-EfGh5678.js'], css: ['assets/register-Ij90.css'] },
  },
});

function page(path: string, entryUrl = config.remotes.client_portal, pageHints = hints) {
  return renderShellPage({ template, config, entryUrl, hints: pageHints, path });
}

describe('the shell page for one URL', () => {
  it('carries the runtime config, so the shell does not wait for /config.json', () => {
    const html = page('/register');
    const json =
      /<script id="lp-runtime-config" type="application\/json" data-lang-cookie="">(.*?)<\/script>/.exec(
        html,
      )?.[1];
    expect(JSON.parse(json ?? '')).toEqual(config);
    // A "</script>" inside a value cannot end the element early.
    expect(json).not.toContain('<');
  });

  it('copies the lang cookie it was asked with into the config element, for the scripts (issue 17)', () => {
    const element = (cookieLocale?: 'en' | 'hi') =>
      /<script id="lp-runtime-config"[^>]*>/.exec(
        renderShellPage({
          template,
          config,
          entryUrl: config.remotes.client_portal,
          hints,
          path: '/status',
          cookieLocale,
        }),
      )?.[0];
    expect(element('hi')).toBe(
      '<script id="lp-runtime-config" type="application/json" data-lang-cookie="hi">',
    );
    expect(element()).toContain('data-lang-cookie=""');
  });

  it("preloads the remote's entry, its App and the page's own chunks, next to the entry", () => {
    const html = page('/register');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    expect(preloaded.map((match) => match[1])).toEqual([
      '/remotes/client-portal/remoteEntry.js',
      '/remotes/client-portal/assets/remote-app-AbCd1234.js',
      '/remotes/client-portal/assets/register-page-EfGh5678.js',
    ]);
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/remotes/client-portal/assets/register-Ij90.css">',
    );
    // No first paint for a page that needs the session: the boot screen stays.
    expect(html).toContain('<div class="lp-boot">Loading Rupee &#60;Loans&#62;...</div>');
  });

  it("preloads a Hindi reader's catalogs (the lang cookie) with the page, nobody else's", () => {
    const withCatalogs = parsePageHints({
      ...hints,
      locales: { hi: ['assets/catalog-hi-Kl12Mn34.js'] },
    });
    const preloads = (cookieLocale?: 'en' | 'hi') =>
      [
        ...renderShellPage({
          template,
          config,
          entryUrl: config.remotes.client_portal,
          hints: withCatalogs,
          path: '/status',
          cookieLocale,
        }).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
      ].map((match) => match[1]);
    expect(preloads('hi')).toEqual([
      '/remotes/client-portal/remoteEntry.js',
      '/remotes/client-portal/assets/remote-app-AbCd1234.js',
      '/remotes/client-portal/assets/catalog-hi-Kl12Mn34.js',
    ]);
    for (const locale of [undefined, 'en'] as const) {
      expect(preloads(locale)).not.toContain(
        '/remotes/client-portal/assets/catalog-hi-Kl12Mn34.js',
      );
    }
  });

  it('resolves the files of a remote on another origin against its entry URL', () => {
    const html = page('/portal-admin/dashboard', config.remotes.admin_portal);
    expect(html).toContain('href="https://cdn.example/admin/remoteEntry.js"');
    expect(html).toContain('href="https://cdn.example/admin/assets/remote-app-AbCd1234.js"');
  });

  it('marks the config element of a page painted from the HTML, and only of such a page', () => {
    const configElement = (path: string) =>
      /<script id="lp-runtime-config"[^>]*>/.exec(page(path))?.[0];
    expect(configElement('/login')).toBe(
      '<script id="lp-runtime-config" type="application/json" data-lang-cookie="" data-first-paint>',
    );
    expect(configElement('/register')).not.toContain('data-first-paint');
    // Hints that paint a page the template has no place for: no paint, no mark.
    const noMarkers = renderShellPage({
      template: template.replace('<!--lp-boot-->', ''),
      config,
      entryUrl: config.remotes.client_portal,
      hints,
      path: '/login',
    });
    expect(/<script id="lp-runtime-config"[^>]*>/.exec(noMarkers)?.[0]).not.toContain(
      'data-first-paint',
    );
    expect(noMarkers).not.toContain('<div inert>');
  });

  it('paints a signed-out page from the HTML: its CSS inline, the config filled in and escaped', () => {
    const html = page('/login');
    expect(html).toContain('<style>main{margin:0}</style>');
    expect(html).toContain(
      '<div inert><main><p>Rupee &#60;Loans&#62;</p><h1>Sign In</h1><p>Loans made easy, secure &#38; fast.</p></main></div>',
    );
    expect(html).toContain(
      '<p class="lp-visually-hidden" role="status">Loading Rupee &#60;Loans&#62;...</p>',
    );
    expect(html).not.toContain('class="lp-boot"');
    expect(html).not.toContain('__LP_');
    expect(html).toContain('<title>Rupee &#60;Loans&#62;</title>');
  });

  it('shows config values with $ patterns literally, and the inline config still parses', () => {
    // In a String.replace replacement, $` $' and $& stand for parts of the page itself.
    const dollars = { ...config, productName: 'Rs$` Loans', tagline: "Fast $' and $& easy" };
    const html = renderShellPage({
      template,
      config: dollars,
      entryUrl: config.remotes.client_portal,
      hints,
      path: '/login',
    });
    const json =
      /<script id="lp-runtime-config" type="application\/json" data-lang-cookie="" data-first-paint>(.*?)<\/script>/.exec(
        html,
      )?.[1];
    expect(JSON.parse(json ?? '')).toEqual(dollars);
    expect(html).toContain('<title>Rs$` Loans</title>');
    expect(html).toContain(
      '<div inert><main><p>Rs$` Loans</p><h1>Sign In</h1><p>Fast $&#39; and $&#38; easy</p></main></div>',
    );
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps the boot screen when the remote needs a config field this server does not have', () => {
    const newer = parsePageHints({
      ...hints,
      placeholders: { ...hints.placeholders, motto: '__LP_MOTTO__' },
    });
    const html = page('/login', config.remotes.client_portal, newer);
    expect(html).toContain('class="lp-boot"');
    expect(html).not.toContain('__LP_');
  });

  it('without hints still preloads the entry and shows the boot screen', () => {
    const html = renderShellPage({
      template,
      config,
      entryUrl: config.remotes.client_portal,
      hints: undefined,
      path: '/login',
    });
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/remotes/client-portal/remoteEntry.js">',
    );
    expect(html).toContain('class="lp-boot"');
  });
});

describe('page hints from a remote build', () => {
  it('refuses file names that leave the remote directory or name another origin', () => {
    for (const file of ['../secrets.js', 'https://evil.example/x.js', '/abs.js', 'a/../../b.js']) {
      expect(() => parsePageHints({ ...hints, js: [file] })).toThrow('relative file names');
    }
  });

  it('refuses catalogs that are not files by locale, and reads hints written before they were listed', () => {
    expect(() => parsePageHints({ ...hints, locales: { hi: ['../x.js'] } })).toThrow(
      'locales.hi must be a list of relative file names',
    );
    expect(() => parsePageHints({ ...hints, locales: { 'h/i': [] } })).toThrow(
      'locales.h/i is not a locale',
    );
    expect(() => parsePageHints({ ...hints, locales: ['x.js'] })).toThrow('locales must map');
    const { locales: _, ...older } = parsePageHints({ ...hints, locales: { hi: ['a.js'] } });
    expect(parsePageHints(older).locales).toEqual({});
  });

  it('refuses placeholder tokens that could match ordinary text', () => {
    expect(() => parsePageHints({ ...hints, placeholders: { productName: 'Loan' } })).toThrow(
      'placeholders.productName',
    );
  });
});

describe('the first paint in the visitor language (issue 16)', () => {
  const localizedHints = parsePageHints({
    js: ['remoteEntry.js'],
    css: [],
    placeholders: { productName: '__LP_PRODUCT_NAME__' },
    routes: {
      '/login': {
        js: [],
        css: [],
        html: '<main><p>__LP_PRODUCT_NAME__</p><h1>Sign In</h1></main>',
        style: 'main{margin:0}',
        localized: { hi: '<main><p>__LP_PRODUCT_NAME__</p><h1>साइन इन करें</h1></main>' },
      },
    },
  });
  const withLang = template.replace('<html>', '<html lang="en-IN">');
  const render = (locale?: string) =>
    renderShellPage({
      template: withLang,
      config,
      entryUrl: config.remotes.client_portal,
      hints: localizedHints,
      path: '/login',
      locale,
    });

  it('paints the Hindi copy for a Hindi visitor, with <html lang="hi-IN">', () => {
    const html = render('hi');
    expect(html).toContain('<h1>साइन इन करें</h1><');
    expect(html).not.toContain('<h1>Sign In</h1>');
    expect(html).toContain('<html lang="hi-IN">');
    expect(html).toContain('<p>Rupee &#60;Loans&#62;</p>');
  });

  it('paints English for anyone else, and for a language the build has no copy in', () => {
    for (const locale of [undefined, 'en', 'ta']) {
      const html = render(locale);
      expect(html).toContain('<h1>Sign In</h1>');
      expect(html).toContain('<html lang="en-IN">');
    }
  });

  it("announces the loading of a painted page in the page's language", () => {
    expect(render('hi')).toContain(
      '<p class="lp-visually-hidden" role="status">Rupee &#60;Loans&#62; लोड हो रहा है...</p>',
    );
    expect(render('en')).toContain(
      '<p class="lp-visually-hidden" role="status">Loading Rupee &#60;Loans&#62;...</p>',
    );
  });

  it("writes a Hindi reader's boot screen in Hindi (the lang cookie), a staff page's in English", () => {
    const boot = (path: string, cookieLocale?: 'en' | 'hi') =>
      renderShellPage({
        template: withLang,
        config,
        entryUrl: config.remotes.client_portal,
        hints: localizedHints,
        path,
        cookieLocale,
      });
    const hindi = boot('/status', 'hi');
    expect(hindi).toContain('<div class="lp-boot">Rupee &#60;Loans&#62; लोड हो रहा है...</div>');
    expect(hindi).toContain('<html lang="hi-IN">');
    expect(hindi).not.toContain('Loading Rupee');
    for (const [path, cookieLocale] of [
      ['/status', undefined],
      ['/status', 'en'],
      ['/portal-admin/dashboard', 'hi'],
    ] as const) {
      const html = boot(path, cookieLocale);
      expect(html).toContain('<div class="lp-boot">Loading Rupee &#60;Loans&#62;...</div>');
      expect(html).toContain('<html lang="en-IN">');
    }
  });

  it("finds the boot text in the shell's own index.html, so a Hindi reader's is not left English", () => {
    const shellIndex = readFileSync(
      new URL('../../../../shell/index.html', import.meta.url),
      'utf8',
    );
    const html = renderShellPage({
      template: shellIndex,
      config,
      entryUrl: config.remotes.client_portal,
      hints: localizedHints,
      path: '/status',
      cookieLocale: 'hi',
    });
    expect(html).toContain('>Rupee &#60;Loans&#62; लोड हो रहा है...</div>');
    expect(html).not.toContain('Loading Rupee');
  });

  it('refuses hints whose localized pages are not pages by locale', () => {
    const route = { js: [], css: [], html: '<p></p>', style: '', localized: { '../x': '<p></p>' } };
    expect(() =>
      parsePageHints({ js: [], css: [], placeholders: {}, routes: { '/login': route } }),
    ).toThrow('routes./login.localized must map locales to pages');
  });
});
