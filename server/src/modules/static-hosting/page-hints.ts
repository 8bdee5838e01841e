import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What a remote's build knows about its pages (scripts/page-hints.mjs writes page-hints.json next
 * to remoteEntry.js): the files every page of the remote loads first, and per route the page's own
 * files and, for the pages a signed-out visitor sees, their HTML. File names are relative to the
 * remote's base, the directory of remoteEntry.js.
 */
export interface PageHints {
  js: string[];
  css: string[];
  routes: Record<string, RouteHints>;
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
}

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

/** Checks page-hints.json; throws with the field at fault. */
export function parsePageHints(value: unknown): PageHints {
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
    routes[path] = {
      js: files(route.js, `routes.${path}.js`),
      css: files(route.css, `routes.${path}.css`),
      ...(typeof route.html === 'string' && typeof route.style === 'string'
        ? { html: route.html, style: route.style }
        : {}),
    };
  }
  return { js: files(value.js, 'js'), css: files(value.css, 'css'), routes, placeholders };
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
  let hints: PageHints | undefined;
  let hintsText: string | undefined;
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;

  const read = async (): Promise<unknown | undefined> => {
    const entryPath = options.entryUrl.split(/[?#]/)[0] ?? '';
    const local = options.local;
    if (local && entryPath.startsWith(local.mountPath)) {
      const dir = entryPath.slice(local.mountPath.length).split('/').slice(0, -1);
      try {
        return JSON.parse(await readFile(join(local.dir, ...dir, 'page-hints.json'), 'utf8'));
      } catch (error) {
        // A build without hints (or none at all, as in tests) is simply served without them.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }
    if (!/^https?:\/\//i.test(options.entryUrl)) return undefined;
    const response = await doFetch(new URL('page-hints.json', options.entryUrl), {
      signal: AbortSignal.timeout(5000),
    });
    // A build without hints, or a Vite dev server answering with its HTML fallback: no hints.
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`page-hints.json answered HTTP ${response.status}`);
    if (!/json/.test(response.headers.get('content-type') ?? '')) return undefined;
    return response.json();
  };

  const refresh = () => {
    loading ??= (async () => {
      try {
        const value = await read();
        const text = JSON.stringify(value);
        // The same hints keep their identity, so pages rendered from them stay cached.
        if (text !== hintsText) {
          hints = value === undefined ? undefined : parsePageHints(value);
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
