import {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_MARKERS,
  INLINE_CONFIG_ID,
  isLocale,
  LOCALE_COOKIE_ATTRIBUTE,
  type Locale,
  portalForPath,
  type RuntimeConfig,
  TYPEABLE_PAINT_ATTRIBUTE,
} from '@loan-portal/api-client';
import { escapeHtml, scriptJson } from '../../lib/html';
import { t } from '../i18n/translator';
import { EARLY_REQUESTS_TAG } from './early-requests';
import type { PageHints } from './page-hints';
import { STALLED_PAGE_TAG } from './stalled-page';
import { deferModules } from './typeable-paint';

/** A hint's file as the browser should fetch it: next to the remote's entry, wherever that is. */
function resolveNextToEntry(entryUrl: string, file: string): string | undefined {
  if (/^https?:\/\//i.test(entryUrl)) return new URL(file, entryUrl).href;
  if (entryUrl.startsWith('/')) return new URL(file, `http://page${entryUrl}`).pathname;
  return undefined;
}

function fillPlaceholders(
  html: string,
  hints: PageHints,
  config: RuntimeConfig,
): string | undefined {
  let filled = html;
  for (const [field, token] of Object.entries(hints.placeholders)) {
    const value = (config as unknown as Record<string, unknown>)[field];
    // A remote built against a config field this server does not have: no first paint.
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const text = escapeHtml(String(value));
    // A function, not a string: `$'`, `$&` and the like in a value are then text, not patterns.
    filled = filled.replaceAll(token, () => text);
  }
  return filled;
}

export interface ShellPageInput {
  /** The built shell's index.html. */
  template: string;
  config: RuntimeConfig;
  /** remoteEntry.js of the remote that renders `path`. */
  entryUrl: string;
  hints: PageHints | undefined;
  path: string;
  /**
   * The visitor's language (the `lang` cookie, issue 16): the page painted in it when the remote
   * prerendered one, and `<html lang>` to match.
   */
  locale?: string;
  /**
   * The `lang` cookie the page was requested with (a known language, else none), copied into the
   * page so that its scripts need not read `document.cookie` (api-client `cookieLocale`).
   */
  cookieLocale?: Locale;
}

/**
 * The shell's index.html for one URL. Besides the product name it carries what the shell would
 * otherwise discover one request after another: the runtime config (no /config.json round trip),
 * modulepreload links for the remote's entry, its App and this page's own chunks (fetched in
 * parallel with the shell's; for a reader of another language, its catalogs too), and, for a page
 * a signed-out visitor sees, the page itself, painted
 * before any script runs. That copy is inert (the form works once the remote has rendered the
 * same page over it) and announces the loading to assistive technology. A page whose hints call it
 * typeable (/login) takes input in that copy instead, and asks for its scripts once the copy is on
 * screen (typeable-paint.ts).
 */
export function renderShellPage({
  template,
  config,
  entryUrl,
  hints,
  path,
  locale,
  cookieLocale,
}: ShellPageInput): string {
  const productName = escapeHtml(config.productName);
  const route = hints?.routes[path];
  const localized = locale ? route?.localized?.[locale] : undefined;
  const painted = localized ?? route?.html;
  const firstPaint = painted && hints ? fillPlaceholders(painted, hints, config) : undefined;
  const markerAt = template.indexOf(FIRST_PAINT_MARKERS.start);
  const paints =
    firstPaint !== undefined &&
    markerAt !== -1 &&
    template.indexOf(FIRST_PAINT_MARKERS.end) > markerAt;
  // The language of what the page shows before its scripts: that of the painted page, or on the
  // boot screen of a client page, the `lang` cookie's (the shell then renders the same words).
  // The back office is English.
  const language: Locale = paints
    ? localized && isLocale(locale)
      ? locale
      : 'en'
    : (portalForPath(path) === 'client_portal' && cookieLocale) || 'en';
  const loading = escapeHtml(t(language, 'page.loading', { name: config.productName }));
  let html = template;
  if (language !== 'en') {
    html = html
      .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(`${language}-IN`)}"`)
      // The boot screen's text, as index.html writes it in English (the shell's `shell.loading`).
      .replaceAll(t('en', 'page.loading', { name: '__PRODUCT_NAME__' }), () => loading);
  }
  html = html.replaceAll('__PRODUCT_NAME__', () => productName);
  const resolve = (files: string[]) =>
    files.map((file) => resolveNextToEntry(entryUrl, file)).filter((url) => url !== undefined);

  const head = [
    // First, so that it hears a failed script of those below.
    STALLED_PAGE_TAG,
    `<script id="${INLINE_CONFIG_ID}" type="application/json" ${LOCALE_COOKIE_ATTRIBUTE}="${cookieLocale ?? ''}"${paints ? ` ${FIRST_PAINT_ATTRIBUTE}` : ''}>${scriptJson(config)}</script>`,
    // A signed-in page's first API reads start now, beside the scripts below (it reads the config).
    EARLY_REQUESTS_TAG,
  ];
  if (firstPaint && route?.style !== undefined) {
    // Inline, so the first paint needs nothing but this document.
    head.push(`<style>${route.style.replace(/<\//g, '<\\/')}</style>`);
  } else {
    // `crossorigin` as the remote's own <link rel="stylesheet"> has, or the preload is not reused.
    for (const href of new Set(resolve([...(hints?.css ?? []), ...(route?.css ?? [])]))) {
      head.push(`<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`);
    }
  }
  // A reader of another language: the portal awaits its catalogs before the first render.
  const catalogs = cookieLocale ? (hints?.locales[cookieLocale] ?? []) : [];
  for (const href of new Set([
    entryUrl,
    ...resolve([...(hints?.js ?? []), ...(route?.js ?? []), ...catalogs]),
  ])) {
    head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  }
  const headEnd = `${head.join('\n    ')}\n  </head>`;
  html = html.replace('</head>', () => headEnd);
  const typeable = paints && route?.typeable === true;
  if (typeable) {
    const headAt = html.indexOf('</head>');
    const deferred = deferModules(html.slice(0, headAt));
    html = `${deferred.head}${deferred.tags.map((tag) => `  ${tag}\n`).join('')}${html.slice(headAt)}`;
  }

  if (paints) {
    const start = html.indexOf(FIRST_PAINT_MARKERS.start);
    const end = html.indexOf(FIRST_PAINT_MARKERS.end);
    html =
      html.slice(0, start) +
      `<p class="lp-visually-hidden" role="status">${loading}</p>` +
      (typeable ? `<div ${TYPEABLE_PAINT_ATTRIBUTE}>` : '<div inert>') +
      firstPaint +
      '</div>' +
      html.slice(end + FIRST_PAINT_MARKERS.end.length);
  }
  return html;
}
