// Writes page-hints.json next to a remote's remoteEntry.js: what the server needs to send a page
// whose files all start loading with the HTML, and whose first screen is painted by the HTML
// itself (server/src/modules/static-hosting/page.ts reads it). A remote with languages (its
// exposed module exports PRERENDER_LOCALES and prepareLocale) gets its pages painted in each;
// `routes[path].localized[locale]` holds the others, and the server sends the `lang` cookie's.
import { resolve } from 'node:path';

/** Runtime-config fields a prerendered page may show, as the tokens the server fills in. */
const PLACEHOLDERS = {
  productName: '__LP_PRODUCT_NAME__',
  tagline: '__LP_TAGLINE__',
  supportEmail: '__LP_SUPPORT_EMAIL__',
  supportPhone: '__LP_SUPPORT_PHONE__',
};
/** A language's message catalog: `locales/hi.ts` of the app, api-client or ui-kit. */
const CATALOG = /[\\/]locales[\\/]([a-z]{2,3})\.ts$/;

/** Different values for a second rendering: a page that derives text from them is not prerendered. */
const CHECK_VALUES = {
  productName: 'Zeta Loans',
  tagline: 'Quick loans for all',
  supportEmail: 'check@example.in',
  supportPhone: '+91 90000 00001',
};

function configWith(strings, fee) {
  return {
    ...strings,
    applicationFeeInr: fee,
    privacyNoticeVersion: 'check',
    grievanceOfficer: {
      name: 'Check Officer',
      email: 'check@example.in',
      phone: '+91 90000 00002',
    },
    apiBaseUrl: '',
    payment: { provider: 'simulator', mode: 'sandbox', sdkUrl: '' },
    remotes: { client_portal: '', admin_portal: '' },
  };
}

const RENDER_ENTRY = '\0loan-portal:prerender';

/**
 * The HTML's copy of a page does nothing until the remote renders the live one over it (the server
 * also makes it inert): read-only fields, so nothing typed is lost and a test driver waits for the
 * editable ones, and no submit button, so a browser without `inert` cannot send the form (with a
 * password in the URL).
 */
function staticCopy(html) {
  return html
    .replace(/<(input|textarea)\b/g, '<$1 readonly=""')
    .replace(/<button type="submit"/g, '<button type="button"');
}

/**
 * The copy of a typeable page (its route says `typeable`; the server then leaves the copy out of
 * `inert` and asks for the scripts after the paint): its fields take input, which the remote adopts
 * when it renders over them; its buttons and links stay inert, as the whole copy was. Its form is a
 * `<div>` of the same class: nothing there can be submitted, not by a key, a button or a script
 * calling `form.submit()` (a password would land in the URL).
 */
function typeableCopy(html) {
  return html
    .replace(
      /<form\b([^>]*)>/g,
      (_tag, attributes) => `<div${attributes.replace(/\snoValidate=""/i, '')}>`,
    )
    .replace(/<\/form>/g, '</div>')
    .replace(/<button type="submit"/g, '<button type="button"')
    .replace(/<(button|a)\b/g, '<$1 inert=""');
}

/**
 * Renders `paths` with the remote's real App, as a signed-out visitor's first render (no session,
 * no effects), in a throwaway Vite SSR server: same sources and CSS-module names as the build.
 */
async function prerender({ appDir, exposed, mount, paths, typeable, plugins }) {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    root: appDir,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [
      ...plugins,
      {
        name: 'loan-portal:prerender-entry',
        resolveId: (id) => (id === RENDER_ENTRY ? id : null),
        load: (id) =>
          id === RENDER_ENTRY
            ? [
                "import { createElement as h } from 'react';",
                "import { prerenderToNodeStream } from 'react-dom/static';",
                "import { MemoryRouter, Route, Routes } from 'react-router';",
                `import * as remote from ${JSON.stringify(exposed)};`,
                'const App = remote.default;',
                // A remote with languages names them (the first is the default) and loads one.
                'export const locales = remote.PRERENDER_LOCALES ?? [undefined];',
                'export async function render(path, mount, config, locale) {',
                '  if (locale !== undefined) await remote.prepareLocale?.(locale);',
                '  const { prelude } = await prerenderToNodeStream(',
                '    h(MemoryRouter, { initialEntries: [path] },',
                '      h(Routes, null, h(Route, { path: mount, element: h(App, { config, locale }) }))),',
                '  );',
                "  let html = '';",
                '  for await (const chunk of prelude) html += chunk;',
                '  return html;',
                '}',
              ].join('\n')
            : null,
      },
    ],
  });
  try {
    const { render, locales } = await server.ssrLoadModule(RENDER_ENTRY);
    const pages = {};
    for (const path of paths) {
      // One copy per language (issue 16): the server sends the one of the visitor's `lang` cookie.
      const copies = {};
      for (const locale of locales) {
        const html = await render(path, mount, configWith(PLACEHOLDERS, 101), locale);
        const check = await render(path, mount, configWith(CHECK_VALUES, 202), locale);
        let substituted = html;
        for (const [field, token] of Object.entries(PLACEHOLDERS)) {
          substituted = substituted.replaceAll(token, CHECK_VALUES[field]);
        }
        const copy = typeable.has(path) ? typeableCopy(html) : staticCopy(html);
        copies[locale ?? ''] = substituted === check ? copy : undefined;
      }
      const [first, ...others] = locales.map((locale) => copies[locale ?? '']);
      if (first === undefined || others.some((copy) => copy === undefined)) continue;
      pages[path] = {
        html: first,
        ...(others.length > 0
          ? { localized: Object.fromEntries(locales.slice(1).map((l) => [l, copies[l]])) }
          : {}),
      };
    }
    return pages;
  } finally {
    await server.close();
  }
}

/**
 * @param {{
 *   appDir: string,
 *   exposed: string,
 *   mount: string,
 *   routes: Record<string, { module?: string, prerender?: boolean, typeable?: boolean }>,
 *   prerenderPlugins: () => import('vite').PluginOption[],
 * }} options
 *   `exposed` is the module exposed as ./App; `mount` the route under which the shell renders this
 *   remote; `routes` the pages the server should know: `module` names a lazily loaded page's
 *   source (its chunks are preloaded), `prerender` asks for its first screen in the HTML, with the
 *   CSS it needs (only for pages a signed-out visitor sees as they are); `typeable`, with
 *   `prerender`, has that copy's fields take input before any script runs (the remote's page
 *   adopts what was typed); `prerenderPlugins` the
 *   plugins the sources need.
 */
export function pageHints(options) {
  const exposedPath = resolve(options.appDir, options.exposed);
  return {
    name: 'loan-portal:page-hints',
    apply: 'build',
    async generateBundle(_output, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((file) => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.fileName === 'remoteEntry.js');
      const exposedChunk = [...chunks.values()].find(
        (chunk) =>
          chunk.facadeModuleId === exposedPath && entry?.dynamicImports.includes(chunk.fileName),
      );
      if (!entry || !exposedChunk) {
        this.error(`page hints: no remoteEntry.js, or no chunk of ${options.exposed} it loads`);
      }
      // Files in the order the browser evaluates them (imports first), CSS in the cascade order
      // the remote itself would insert it.
      const collect = (starts, known = new Set()) => {
        const js = [];
        const css = [];
        const visit = (fileName) => {
          if (known.has(fileName)) return;
          known.add(fileName);
          const chunk = chunks.get(fileName);
          if (!chunk) return;
          for (const imported of chunk.imports) visit(imported);
          js.push(fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) {
            if (!known.has(file)) {
              known.add(file);
              css.push(file);
            }
          }
        };
        for (const start of starts) visit(start);
        return { js, css };
      };
      // What init() and get('./App') load: the entry, its shared-module map and the App.
      const base = collect([entry.fileName, ...entry.dynamicImports]);
      const known = new Set([...base.js, ...base.css]);
      const routes = {};
      for (const [path, route] of Object.entries(options.routes)) {
        if (!route.module) {
          routes[path] = { js: [], css: [] };
          continue;
        }
        const modulePath = resolve(options.appDir, route.module);
        const chunk = [...chunks.values()].find(
          (candidate) => candidate.facadeModuleId === modulePath && candidate.isDynamicEntry,
        );
        if (!chunk) this.error(`page hints: ${route.module} (route ${path}) is not a lazy chunk`);
        routes[path] = collect([chunk.fileName], new Set(known));
      }
      // A reader of another language (issue 16) needs its catalogs before the first render: the
      // portal's i18n module awaits them, one request after the App's chunk has arrived. The
      // server preloads them with the page when the `lang` cookie names that language.
      const locales = {};
      for (const chunk of chunks.values()) {
        // A facade re-exporting a catalog the App already holds (English) needs no preload.
        if (!chunk.isDynamicEntry || chunk.moduleIds.length === 0) continue;
        const ids = [chunk.facadeModuleId ?? '', ...chunk.moduleIds];
        const locale = ids.map((id) => CATALOG.exec(id)?.[1]).find(Boolean);
        if (!locale) continue;
        const listed = new Set(locales[locale]);
        for (const file of collect([chunk.fileName], new Set(known)).js) listed.add(file);
        locales[locale] = [...listed];
      }
      const wanted = Object.keys(options.routes).filter((path) => options.routes[path].prerender);
      const pages = await prerender({
        appDir: options.appDir,
        exposed: exposedPath,
        mount: options.mount,
        paths: wanted,
        typeable: new Set(wanted.filter((path) => options.routes[path].typeable)),
        plugins: options.prerenderPlugins(),
      });
      const cssText = (file) => String(bundle[file]?.source ?? '');
      for (const path of wanted) {
        if (!pages[path]) {
          this.warn(
            `page hints: ${path} shows text derived from the runtime config; not prerendered`,
          );
          continue;
        }
        routes[path].html = pages[path].html;
        if (pages[path].localized) routes[path].localized = pages[path].localized;
        if (options.routes[path].typeable) routes[path].typeable = true;
        // Inlined by the server: the first paint then waits for the HTML alone, not for a
        // round trip to the remote's stylesheets (which the App still loads when it renders).
        routes[path].style = [...base.css, ...routes[path].css].map(cssText).join('\n');
      }
      this.emitFile({
        type: 'asset',
        fileName: 'page-hints.json',
        source: JSON.stringify({ ...base, routes, locales, placeholders: PLACEHOLDERS }),
      });
    },
  };
}
