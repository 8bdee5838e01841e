import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What a remote's build knows about its pages (build-config/page-hints.mjs writes page-hints.json next
 * to remoteEntry.js): the files every page of the remote loads first, and per route the page's own
 * files and, for the pages a signed-out visitor sees, their HTML. File names are relative to the
 * remote's base, the directory of remoteEntry.js.
 */
export interface PageHints {
  js: string[];
  css: string[];
  routes: Record<string, RouteHints>;
  /**
   * The JS files of each other language's catalogs ('hi'), which the portal loads before its first
   * render for a reader of that language: preloaded with a page when the `lang` cookie names it.
   */
  locales: Record<string, string[]>;
  /** The tokens the prerendered HTML holds in place of runtime-config fields, by field name. */
  placeholders: Record<string, string>;
}

export interface RouteHints {
  js: string[];
  css: string[];
  /** The page as the remote renders it for a signed-out visitor, with placeholder tokens. */
  html?: string;
  /** The CSS that page needs (the remote's own stylesheets, in cascade order), with `html`. */
  style?: string;
  /** The same page in the remote's other languages (issue 16), by locale ('hi'). */
  localized?: Record<string, string>;
  /**
   * The painted copy's fields take input before any script runs, and the page's scripts are asked
   * for after that paint (api-client `typeable-paint-script.ts`); with `html` only.
   */
  typeable?: boolean;
}

const LOCALE = /^[a-z]{2,3}$/;

// Hashed build names: no scheme, no absolute path, no way out of the remote's directory.
const FILE = /^(?!.*(?:^|\/)\.\.(?:\/|$))[\w.@~+-]+(?:\/[\w.@~+-]+)*$/;
const TOKEN = /^__[A-Z0-9_]+__$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function files(value: unknown, where: string): string[] {
  if (
    !Array.isArray(value) ||
    !value.every((file) => typeof file === 'string' && FILE.test(file))
  ) {
    throw new Error(`${where} must be a list of relative file names`);
  }
  return value;
}

/**
 * Checks page-hints.json; throws with the field at fault. `markup: false` drops the pages' HTML
 * and CSS: those are inlined into our own document, so they are taken only from a build on this
 * server's disk, never from another origin, whose hints give file names to preload and no more.
 */
export function parsePageHints(value: unknown, { markup = true } = {}): PageHints {
  if (!isRecord(value) || !isRecord(value.routes) || !isRecord(value.placeholders)) {
    throw new Error('page hints must be an object with routes and placeholders');
  }
  const placeholders: Record<string, string> = {};
  for (const [field, token] of Object.entries(value.placeholders)) {
    if (typeof token !== 'string' || !TOKEN.test(token)) {
      throw new Error(`placeholders.${field} must be a token like __NAME__`);
    }
    placeholders[field] = token;
  }
  const routes: Record<string, RouteHints> = {};
  for (const [path, route] of Object.entries(value.routes)) {
    if (!path.startsWith('/') || !isRecord(route)) throw new Error(`routes.${path} is not a route`);
    for (const field of ['html', 'style'] as const) {
      if (route[field] !== undefined && typeof route[field] !== 'string') {
        throw new Error(`routes.${path}.${field} must be a string`);
      }
    }
    if (route.typeable !== undefined && typeof route.typeable !== 'boolean') {
      throw new Error(`routes.${path}.typeable must be true or false`);
    }
    const localized = route.localized;
    if (
      localized !== undefined &&
      !(
        isRecord(localized) &&
        Object.entries(localized).every(
          ([locale, html]) => LOCALE.test(locale) && typeof html === 'string',
        )
      )
    ) {
      throw new Error(`routes.${path}.localized must map locales to pages`);
    }
    routes[path] = {
      js: files(route.js, `routes.${path}.js`),
      css: files(route.css, `routes.${path}.css`),
      ...(markup && typeof route.html === 'string' && typeof route.style === 'string'
        ? {
            html: route.html,
            style: route.style,
            ...(localized ? { localized: localized as Record<string, string> } : {}),
            ...(route.typeable === true ? { typeable: true } : {}),
          }
        : {}),
    };
  }
  const locales: Record<string, string[]> = {};
  // Optional: hints written before issue 17 listed no catalogs.
  if (value.locales !== undefined) {
    if (!isRecord(value.locales)) throw new Error('locales must map locales to files');
    for (const [locale, list] of Object.entries(value.locales)) {
      if (!LOCALE.test(locale)) throw new Error(`locales.${locale} is not a locale`);
      locales[locale] = files(list, `locales.${locale}`);
    }
  }
  return {
    js: files(value.js, 'js'),
    css: files(value.css, 'css'),
    routes,
    locales,
    placeholders,
  };
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The body as text, or an error as soon as it is longer than `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new Error(`page-hints.json is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new Error(`page-hints.json is larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface PageHintsSource {
  /** The latest hints that loaded, or undefined; a stale copy starts a reload in the background. */
  current(): PageHints | undefined;
  /** Loads the hints now (start-up, tests); a failure keeps the previous ones. */
  refresh(): Promise<void>;
}

export interface PageHintsSourceOptions {
  /** The remote's entry URL as in /config.json: a path on this server or an absolute URL. */
  entryUrl: string;
  /** Where this server keeps the remote's build, when it serves it at `mountPath`. */
  local?: { mountPath: string; dir: string };
  /** How long a copy is used before it is read again: a redeployed remote is noticed this late. */
  maxAgeMs: number;
  fetch?: typeof fetch;
  /** The most page-hints.json may weigh when read over HTTP; a bigger answer is an error. */
  maxBytes?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The page hints of one remote, from its build directory when this server serves it, otherwise
 * from next to its remoteEntry.js over HTTP (a remote on a CDN). Hints only speed pages up: when
 * they are missing or broken, pages are served without them.
 */
export function createPageHintsSource(options: PageHintsSourceOptions): PageHintsSource {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let hints: PageHints | undefined;
  let hintsText: string | undefined;
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;

  /** The hints' JSON, and whether it came from this server's disk (see parsePageHints). */
  const read = async (): Promise<{ value: unknown; fromDisk: boolean } | undefined> => {
    const entryPath = options.entryUrl.split(/[?#]/)[0] ?? '';
    const local = options.local;
    if (local && entryPath.startsWith(local.mountPath)) {
      const dir = entryPath.slice(local.mountPath.length).split('/').slice(0, -1);
      try {
        const text = await readFile(join(local.dir, ...dir, 'page-hints.json'), 'utf8');
        return { value: JSON.parse(text), fromDisk: true };
      } catch (error) {
        // A build without hints (or none at all, as in tests) is simply served without them.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }
    if (!/^https?:\/\//i.test(options.entryUrl)) return undefined;
    const url = new URL('page-hints.json', options.entryUrl);
    // Plain HTTP only to this machine (a dev server); anything else could be changed on the way.
    if (url.protocol !== 'https:' && !LOOPBACK.test(url.hostname)) return undefined;
    const response = await doFetch(url, {
      signal: AbortSignal.timeout(5000),
      redirect: 'error',
    });
    // A build without hints, or a Vite dev server answering with its HTML fallback: no hints.
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`page-hints.json answered HTTP ${response.status}`);
    if (!/json/.test(response.headers.get('content-type') ?? '')) return undefined;
    return { value: JSON.parse(await readCapped(response, maxBytes)), fromDisk: false };
  };

  const refresh = () => {
    loading ??= (async () => {
      try {
        const loaded = await read();
        const text = JSON.stringify(loaded);
        // The same hints keep their identity, so pages rendered from them stay cached.
        if (text !== hintsText) {
          hints = loaded && parsePageHints(loaded.value, { markup: loaded.fromDisk });
          hintsText = text;
        }
      } catch (error) {
        options.onError?.(error);
      } finally {
        loadedAt = now();
        loading = undefined;
      }
    })();
    return loading;
  };

  return {
    current() {
      if (now() - loadedAt >= options.maxAgeMs) void refresh();
      return hints;
    },
    refresh,
  };
}
