/**
 * A page's module scripts as a `Link` response header (issue 17, bench/README.md F17).
 *
 * Chromium sends the requests of `<link rel="modulepreload">` and `<script type="module">` from
 * the task that parses the HTML, which runs only after the task that commits the navigation (a
 * fresh renderer's window, 44-96 ms on the bench's machine). A `Link` header is read in the commit
 * task itself, so every script of the page is asked for one main-thread task sooner. Style sheets
 * are not listed: the preload scanner requests them as the bytes arrive, off the main thread.
 * The elements stay in the HTML for any client or proxy that drops the header.
 */

const MODULE_SCRIPT =
  /<script\b[^>]*\btype="module"[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const URL_ATTRIBUTE = /\b(?:src|href)="([^"]*)"/;
/** A module fetched with credentials: a header's `crossorigin` (anonymous) would not match it. */
const WITH_CREDENTIALS = /\bcrossorigin="use-credentials"/i;
/**
 * What a header value can carry between `<` and `>` as is: printable ASCII without the space and
 * the characters that end or split a link there (`"`, `,`, `;`, `<`, `>`, `\`).
 */
const HEADER_SAFE_URL = /^[\x21\x23-\x2b\x2d-\x3a\x3d\x3f-\x5b\x5d-\x7e]+$/;

/** The attribute's text as the browser reads it (page.ts writes `&#NN;` for `&<>"'`). */
export function attributeText(value: string): string {
  return value.replace(/&#(\d+);|&amp;/g, (_entity, code?: string) =>
    code ? String.fromCharCode(Number(code)) : '&',
  );
}

/**
 * The `Link` header for the module scripts in `html`'s head, in document order, each once; none
 * when there are none. A URL the header could not carry as is is left to the HTML.
 */
export function modulePreloadHeader(html: string): string | undefined {
  const headEnd = html.indexOf('</head>');
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  const urls = new Set<string>();
  for (const [element] of head.matchAll(MODULE_SCRIPT)) {
    const value = URL_ATTRIBUTE.exec(element)?.[1];
    if (value === undefined || WITH_CREDENTIALS.test(element)) continue;
    const url = attributeText(value);
    if (HEADER_SAFE_URL.test(url)) urls.add(url);
  }
  if (urls.size === 0) return undefined;
  // A module script is fetched in CORS mode with same-origin credentials, whether its element says
  // `crossorigin`, `crossorigin="anonymous"` or nothing; so is this preload, and the browser reuses
  // it (a preload is only reused by a request of its own mode).
  return [...urls].map((url) => `<${url}>; rel=modulepreload; crossorigin`).join(', ');
}
