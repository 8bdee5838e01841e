import { createHash } from 'node:crypto';
import { DEFERRED_MODULES_ID, TYPEABLE_PAINT_SCRIPT } from '@loan-portal/api-client';
import { scriptJson } from '../../lib/html';
import { attributeText } from './link-header';

/**
 * The inline script of a page whose painted copy takes input (api-client
 * `typeable-paint-script.ts`): it asks for the page's scripts once that copy is on screen. The CSP
 * allows it by its hash, as it does the page's other two.
 */
export const TYPEABLE_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(TYPEABLE_PAINT_SCRIPT, 'utf8').digest('base64')}'`;

const MODULE_ELEMENT =
  /<script\b[^>]*\btype="module"[^>]*>\s*<\/script>|<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const URL_ATTRIBUTE = /\b(?:src|href)="([^"]*)"/;
const CROSSORIGIN_ATTRIBUTE = /\bcrossorigin(?:="([^"]*)")?/i;

/**
 * Takes every module script and modulepreload out of `head` (its elements, in document order) and
 * returns the head without them, and the two elements that ask for them after the paint: the list
 * (the first module script first) and the script. A page without module scripts is left as is.
 */
export function deferModules(head: string): { head: string; tags: string[] } {
  const modules: [url: string, crossorigin: string | null][] = [];
  let entry: [string, string | null] | undefined;
  const seen = new Set<string>();
  const rest = head.replace(MODULE_ELEMENT, (element) => {
    const url = URL_ATTRIBUTE.exec(element)?.[1];
    if (url === undefined) return element;
    const crossorigin = CROSSORIGIN_ATTRIBUTE.exec(element);
    const item: [string, string | null] = [
      attributeText(url),
      crossorigin ? attributeText(crossorigin[1] ?? '') : null,
    ];
    if (element.startsWith('<script') && entry === undefined) entry = item;
    else if (!seen.has(item[0])) modules.push(item);
    seen.add(item[0]);
    return '';
  });
  if (entry === undefined) return { head, tags: [] };
  const list = [entry, ...modules.filter(([url]) => url !== entry?.[0])];
  return {
    head: rest,
    tags: [
      `<script id="${DEFERRED_MODULES_ID}" type="application/json">${scriptJson(list)}</script>`,
      `<script>${TYPEABLE_PAINT_SCRIPT}</script>`,
    ],
  };
}
