import { basename } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { type Browser, chromium, type Page, type Request } from 'playwright-core';
import { chromiumArgs, PAGES_ROWS, pagesDatabaseUrl, repoRoot, settings } from '../config';
import { dropDatabase } from '../db';
import {
  captureConditions,
  finishConditions,
  formatBytes,
  type PartResult,
  type ResultRow,
  verdict,
} from '../results';
import { seedApplicants } from '../seed';
import { buildProduction, type RunningServer, startServer } from '../server';
import { signInStaff } from '../sessions';

export interface Transfer {
  url: string;
  kind: 'js' | 'css';
  /** Encoded (on-the-wire) body bytes, as Chromium reports them. */
  bodyBytes: number;
  /** The same URL fetched again with `Accept-Encoding: gzip` only: the gzip figure of issue 9. */
  gzipBytes: number;
  headerBytes: number;
  encoding: string;
  hasChartJs: boolean;
}

/**
 * Strings only chart.js carries (its array-listener key and its canvas class): a minifier renames
 * identifiers but keeps these property names and literals.
 */
const CHART_JS_MARKERS = ['_chartjs', 'chartjs-'];

function countBy(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${count} ${value}`).join(', ');
}

function kindOf(contentType: string, url: string): 'js' | 'css' | undefined {
  if (/javascript|ecmascript/.test(contentType) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (/text\/css/.test(contentType) || /\.css(\?|$)/.test(url)) return 'css';
  return undefined;
}

/** Body bytes of `url` as the server sends it to a client that accepts gzip only. */
async function gzipSize(url: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Loads `path` in a fresh Chromium page and returns every JS and CSS response it received. */
async function transfersFor(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<Transfer[]> {
  const pending: Promise<Transfer | undefined>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return undefined;
        const headers = await response.allHeaders();
        const kind = kindOf(headers['content-type'] ?? '', request.url());
        if (!kind) return undefined;
        const sizes = await request.sizes();
        const body = (await response.body()).toString('utf8');
        return {
          gzipBytes: await gzipSize(request.url()),
          url: new URL(request.url()).pathname,
          kind,
          bodyBytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
          encoding: headers['content-encoding'] ?? 'identity',
          hasChartJs: CHART_JS_MARKERS.some((marker) => body.includes(marker)),
        };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  // What comes later is not counted (the form rules' idle preload, 2 s after load): its handler
  // would read a body after the page is closed, a rejection nobody awaits, and end the process.
  page.off('requestfinished', onFinished);
  const all = await Promise.all(pending);
  return all.filter((t): t is Transfer => t !== undefined);
}

export interface Floor {
  jsGzip: number;
  cssGzip: number;
  brotli: number;
  hasChartJs: boolean;
  files: { path: string; gzip: number; brotli: number }[];
}

/**
 * The floor: the same page code and libraries (react, react-dom, react-router, the portal's own
 * modules and packages) as one esbuild build, minified and tree-shaken, with no module
 * federation. Lazy routes stay separate chunks (esbuild splitting); only the chunks the page needs
 * are counted: the entry's static imports plus the lazy chunks of `lazyModules` (a route, or the
 * Hindi catalogs a Hindi reader's page fetches).
 */
export async function floorFor(
  portal: 'client-portal' | 'admin-portal',
  lazyModules: string[] = [],
): Promise<Floor> {
  const mount = portal === 'admin-portal' ? '/portal-admin/*' : '/*';
  const contents = `
    import { StrictMode } from 'react';
    import { createRoot } from 'react-dom/client';
    import { BrowserRouter, Route, Routes } from 'react-router';
    import { loadRuntimeConfig } from '@loan-portal/api-client';
    import { App } from './remote-app';
    loadRuntimeConfig().then((config) =>
      createRoot(document.getElementById('root')).render(
        <StrictMode><BrowserRouter><Routes>
          <Route path=${JSON.stringify(mount)} element={<App config={config} />} />
        </Routes></BrowserRouter></StrictMode>,
      ),
    );`;
  const result = await build({
    stdin: {
      contents,
      resolveDir: `${repoRoot}/${portal}/src/app`,
      loader: 'tsx',
      sourcefile: 'floor-entry.tsx',
    },
    bundle: true,
    minify: true,
    treeShaking: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    outdir: '/floor',
    write: false,
    metafile: true,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file', '.woff': 'file' },
  });
  const metafile = result.metafile as Metafile;
  const needed = new Set<string>();
  const visit = (output: string) => {
    if (needed.has(output)) return;
    needed.add(output);
    const meta = metafile.outputs[output]!;
    if (meta.cssBundle) needed.add(meta.cssBundle);
    for (const imported of meta.imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  for (const [path, meta] of Object.entries(metafile.outputs)) {
    if (meta.entryPoint === '<stdin>' || meta.entryPoint?.endsWith('floor-entry.tsx')) visit(path);
    if (lazyModules.some((lazy) => meta.entryPoint?.endsWith(lazy))) visit(path);
  }
  // Metafile keys are relative to the working directory, output files absolute: match by name.
  const neededNames = new Set([...needed].map((path) => basename(path)));
  const files = result.outputFiles
    .filter((file) => neededNames.has(basename(file.path)))
    .filter((file) => /\.(js|css)$/.test(file.path))
    .map((file) => ({
      path: basename(file.path),
      gzip: gzipSync(file.contents, { level: 9 }).length,
      brotli: brotliCompressSync(file.contents, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
      text: file.text,
    }));
  const sum = (ext: string, key: 'gzip' | 'brotli') =>
    files.filter((f) => f.path.endsWith(ext)).reduce((total, f) => total + f[key], 0);
  return {
    jsGzip: sum('.js', 'gzip'),
    cssGzip: sum('.css', 'gzip'),
    brotli: sum('.js', 'brotli') + sum('.css', 'brotli'),
    hasChartJs: files.some((f) => CHART_JS_MARKERS.some((marker) => f.text.includes(marker))),
    files: files.map(({ path, gzip, brotli }) => ({ path, gzip, brotli })),
  } satisfies Floor;
}

export interface PageSpec {
  name: string;
  path: string;
  portal: 'client-portal' | 'admin-portal';
  /** Lazy chunks of the page counted in its floor (paths as their source files end). */
  lazyModules?: string[];
  staff?: boolean;
  /** The reader's language: 'hi' sets the `lang` cookie and localStorage `loan-portal.locale`. */
  locale?: 'hi';
  /** Waits for what a user sees on that page. */
  ready: (page: Page) => Promise<void>;
  /** 1.2 × floor for both login pages (issues 9 and 17); chart.js must be absent from both. */
  floorFactor?: number;
  /**
   * What `pnpm bench:bytes:check` (CI) holds when the page does not meet `floorFactor` yet: the
   * ratio measured when the check came in, a ceiling that may only go down.
   */
  ciCeiling?: number;
  noChartJs?: boolean;
}

/** The Hindi catalogs (api-client's, ui-kit's, the portal's) a Hindi reader's page fetches. */
const HINDI_CATALOGS = [
  'api-client/src/locales/hi.ts',
  'ui-kit/src/locales/hi.ts',
  'client-portal/src/locales/hi.ts',
];

/** The client's login page, a lazy chunk the page loads before its first render. */
const CLIENT_LOGIN_PAGE = 'client-portal/src/features/login/components/login-page.tsx';

export const PAGES: PageSpec[] = [
  {
    name: '/login',
    path: '/login',
    portal: 'client-portal',
    // A lazy page since F12, as every client page is (the shell preloads it before its first render).
    lazyModules: [CLIENT_LOGIN_PAGE],
    ready: (page) => page.getByRole('button', { name: /sign in/i }).waitFor(),
    floorFactor: 1.2,
    noChartJs: true,
  },
  {
    name: '/login (Hindi)',
    path: '/login',
    portal: 'client-portal',
    locale: 'hi',
    lazyModules: [CLIENT_LOGIN_PAGE, ...HINDI_CATALOGS],
    ready: (page) => page.getByRole('button', { name: /साइन इन करें/ }).waitFor(),
    floorFactor: 1.2,
    noChartJs: true,
  },
  {
    name: '/portal-admin/login',
    path: '/portal-admin/login',
    portal: 'admin-portal',
    lazyModules: ['features/login/components/login-page.tsx'],
    ready: (page) => page.getByRole('button', { name: /log ?in|sign ?in/i }).waitFor(),
    floorFactor: 1.2,
    // Held to 1.2 since 2026-11-25 (it stood at 1.213 on a ceiling): the staff frame and routes left
    // the login page's chunk, and that chunk is one file (bench/README.md, findings).
    noChartJs: true,
  },
  {
    name: '/portal-admin/dashboard',
    path: '/portal-admin/dashboard',
    portal: 'admin-portal',
    lazyModules: ['features/dashboard/components/dashboard-page.tsx'],
    staff: true,
    ready: (page) => page.locator('canvas').first().waitFor({ timeout: 15_000 }),
  },
];

export interface Measured {
  transfers: Transfer[];
  floor: Floor;
  /** gzip bytes of every JS and CSS file the page received. */
  gzip: number;
  floorGzip: number;
  ratio: number;
}

/** Loads one page in a fresh context of `browser` and measures it against its floor. */
export async function measurePage(
  browser: Browser,
  serverUrl: string,
  spec: PageSpec,
): Promise<Measured> {
  const context = await browser.newContext();
  try {
    if (spec.staff) {
      const session = await signInStaff(serverUrl);
      await context.addInitScript(
        ([access, user]) => {
          localStorage.setItem('role', 'admin');
          localStorage.setItem('admin_access_token', access);
          localStorage.setItem('admin_user', user);
        },
        [session.access, JSON.stringify(session.user)] as const,
      );
    }
    if (spec.locale) {
      // As a returning reader of that language: the server sends the page in it (cookie) and the
      // portal loads its catalogs before the first render (localStorage).
      await context.addCookies([{ name: 'lang', value: spec.locale, url: serverUrl }]);
      await context.addInitScript((locale) => {
        localStorage.setItem('loan-portal.locale', locale);
      }, spec.locale);
    }
    const page = await context.newPage();
    const transfers = await transfersFor(page, `${serverUrl}${spec.path}`, spec.ready);
    const floor = await floorFor(spec.portal, spec.lazyModules);
    const gzip = transfers.reduce((sum, t) => sum + t.gzipBytes, 0);
    const floorGzip = floor.jsGzip + floor.cssGzip;
    return { transfers, floor, gzip, floorGzip, ratio: gzip / floorGzip };
  } finally {
    await context.close();
  }
}

/** The two rows of a measured page: its bytes against the floor, and chart.js. */
export function rowsFor(spec: PageSpec, measured: Measured): ResultRow[] {
  const { transfers, floor, gzip, floorGzip, ratio } = measured;
  const js = transfers.filter((t) => t.kind === 'js');
  const css = transfers.filter((t) => t.kind === 'css');
  const total = (list: Transfer[], key: 'bodyBytes' | 'gzipBytes') =>
    list.reduce((sum, t) => sum + t[key], 0);
  const headers = transfers.reduce((sum, t) => sum + t.headerBytes, 0);
  const wire = total(js, 'bodyBytes') + total(css, 'bodyBytes');
  const encodings = countBy(transfers.map((t) => t.encoding));
  const uncompressed = transfers.filter((t) => t.encoding === 'identity');
  const catalogs = spec.locale
    ? js.filter((t) => new RegExp(`(^|/)${spec.locale}-[\\w-]+\\.js$`).test(t.url))
    : [];
  const withChart = transfers.filter((t) => t.hasChartJs).map((t) => t.url);
  return [
    {
      measure: `${spec.name} JS+CSS, gzip (${js.length} JS + ${css.length} CSS files)`,
      figure: `${formatBytes(gzip)} (${ratio.toFixed(2)}× floor)`,
      reference: `${formatBytes(floorGzip)} (JS ${formatBytes(floor.jsGzip)}, CSS ${formatBytes(floor.cssGzip)})`,
      target: spec.floorFactor ? `≤ ${spec.floorFactor} × floor` : undefined,
      verdict: spec.floorFactor ? verdict(ratio <= spec.floorFactor) : 'n/a',
      note:
        `JS ${formatBytes(total(js, 'gzipBytes'))}, CSS ${formatBytes(total(css, 'gzipBytes'))}. ` +
        `As Chromium got it: ${formatBytes(wire)} (${encodings}) vs brotli floor ` +
        `${formatBytes(floor.brotli)}, +${formatBytes(headers)} of headers` +
        (uncompressed.length ? `; ${uncompressed.length} file(s) sent uncompressed` : '') +
        (spec.locale
          ? `; ${catalogs.length} ${spec.locale} catalog chunk(s), ` +
            `${formatBytes(total(catalogs, 'gzipBytes'))} (floor counts them too)`
          : ''),
      data: {
        gzip,
        wire,
        floorGzip,
        floorBrotli: floor.brotli,
        ratio,
        headers,
        transfers,
        floor,
      },
    },
    {
      measure: `${spec.name} chart.js`,
      figure: withChart.length ? `present (${withChart.join(', ')})` : 'absent',
      reference: floor.hasChartJs ? 'present' : 'absent',
      target: spec.noChartJs ? 'absent' : undefined,
      verdict: spec.noChartJs ? verdict(withChart.length === 0) : 'n/a',
    },
  ];
}

export const BYTES_NOTES = [
  'Figure: encoded body bytes of every JS and CSS response Chromium received until the page ' +
    'showed its content and the network was idle (Playwright request.sizes()), production build ' +
    'served by server/dist on 127.0.0.1, cold cache.',
  'Floor: the same portal App and libraries bundled once by esbuild (minified, tree-shaken, ' +
    'no module federation), gzip -9, counting the entry chunk, its static imports and the lazy ' +
    'chunks of that page only (for a Hindi reader, the three Hindi catalogs too).',
  '/login (Hindi): a returning Hindi reader (cookie `lang=hi`, localStorage ' +
    '`loan-portal.locale=hi`); the Hindi catalog chunks load only then.',
  'chart.js is detected by strings only chart.js carries ("_chartjs", "chartjs-"); the dashboard ' +
    'row shows the detector finds it where it is expected.',
];

export async function runBytes(): Promise<PartResult> {
  const conditions = captureConditions({ databaseRows: PAGES_ROWS });
  buildProduction();
  await seedApplicants(pagesDatabaseUrl, PAGES_ROWS);
  const server: RunningServer = await startServer({ DATABASE_URL: pagesDatabaseUrl });
  // A Chromium that does not start must not leave the server running (the bench would not exit).
  const browser = await chromium
    .launch({ executablePath: settings.chromiumPath, args: chromiumArgs })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  const rows: ResultRow[] = [];
  try {
    for (const spec of PAGES) {
      try {
        rows.push(...rowsFor(spec, await measurePage(browser, server.url, spec)));
      } catch (error) {
        rows.push({
          measure: `${spec.name} JS+CSS`,
          figure: 'failed',
          verdict: 'n/a',
          note: `the page did not render: ${(error as Error).message.split('\n')[0]}`,
        });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    if (!settings.keepDatabase) await dropDatabase(pagesDatabaseUrl);
  }
  return {
    part: 'bytes',
    title: 'Bytes to render',
    referenceHeading: 'Floor (esbuild, gzip)',
    rows,
    conditions: finishConditions(conditions),
    notes: BYTES_NOTES,
  };
}
