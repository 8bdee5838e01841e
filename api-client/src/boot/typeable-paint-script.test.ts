import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  DEFERRED_MODULES_FALLBACK_MS,
  DEFERRED_MODULES_ID,
  TYPEABLE_PAINT_SCRIPT,
} from './typeable-paint-script';

type Element = Record<string, unknown> & { attributes: Record<string, string> };

/** Runs the script in a page that holds only what it reads, and shows what it asked for. */
function pageOf({ hidden = false, observer = true, parsed = true, token = false } = {}) {
  const appended: Element[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: { ms: number; run: () => void }[] = [];
  let onPaint: ((entries: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  const list = [
    ['/assets/entry-Ab12.js', ''],
    ['/assets/react-dom-Cd34.js', ''],
    ['https://cdn.example/remoteEntry.js', 'use-credentials'],
    ['/assets/plain-Ef56.js', null],
  ];
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    readyState: parsed ? 'interactive' : 'loading',
    head: { appendChild: (element: Element) => appended.push(element) },
    getElementById: (id: string) =>
      id === DEFERRED_MODULES_ID ? { textContent: JSON.stringify(list) } : null,
    createElement: (tag: string): Element => {
      const attributes: Record<string, string> = {};
      return {
        tag,
        attributes,
        setAttribute: (name: string, value: string) => {
          attributes[name] = value;
        },
      };
    },
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
  };
  class PerformanceObserver {
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe() {}
  }
  const copy = {
    attributes: {} as Record<string, string>,
    fields: [{ readOnly: false }, { readOnly: false }],
  };
  Object.assign(document, {
    querySelector: (selector: string) =>
      selector === '[data-lp-typeable]'
        ? {
            setAttribute: (name: string, value: string) => {
              copy.attributes[name] = value;
            },
            querySelectorAll: () => copy.fields,
          }
        : null,
  });
  const localStorage = {
    getItem: (key: string) => (token && key === 'client_access_token' ? 'a-token' : null),
  };
  runInNewContext(TYPEABLE_PAINT_SCRIPT, {
    document,
    localStorage,
    JSON,
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    ...(observer ? { PerformanceObserver } : {}),
  });
  // Each element as the browser gets it: tag, kind, URL and its crossorigin attribute (or none).
  const asked = () =>
    appended.map((element) => [
      element.tag,
      element.type ?? element.rel,
      element.src ?? element.href,
      'crossorigin' in element.attributes ? element.attributes.crossorigin : 'none',
    ]);
  const paint = (name: string) =>
    onPaint?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
  return { asked, paint, timers, listeners, copy };
}

const PRELOADS = [
  ['link', 'modulepreload', '/assets/react-dom-Cd34.js', ''],
  ['link', 'modulepreload', 'https://cdn.example/remoteEntry.js', 'use-credentials'],
  ['link', 'modulepreload', '/assets/plain-Ef56.js', 'none'],
];
const ALL = [...PRELOADS, ['script', 'module', '/assets/entry-Ab12.js', '']];

describe("a typeable painted page's scripts (issue 17)", () => {
  it('asks for nothing before the first contentful paint, then for every listed script once', () => {
    const page = pageOf();
    expect(page.asked()).toEqual([]);
    page.paint('first-paint');
    expect(page.asked()).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.asked()).toEqual(ALL);
    page.paint('first-contentful-paint');
    for (const timer of page.timers) timer.run();
    expect(page.asked()).toEqual(ALL);
  });

  it('asks at once on a page no one sees (no paint comes), or without paint timing', () => {
    expect(pageOf({ hidden: true }).asked()).toEqual(ALL);
    expect(pageOf({ observer: false }).asked()).toEqual(ALL);
  });

  it('asks anyway when no paint has come in time', () => {
    const page = pageOf();
    expect(page.timers.map((timer) => timer.ms)).toEqual([DEFERRED_MODULES_FALLBACK_MS]);
    page.timers[0]?.run();
    expect(page.asked()).toEqual(ALL);
  });

  it('runs the entry only once the document is parsed, as a module script of the HTML would', () => {
    const page = pageOf({ parsed: false });
    page.paint('first-contentful-paint');
    expect(page.asked()).toEqual(PRELOADS);
    page.listeners.DOMContentLoaded?.();
    expect(page.asked()).toEqual(ALL);
  });

  it("keeps a signed-in client's copy inert and read-only, and asks at once: the portal checks the session first", () => {
    const page = pageOf({ token: true });
    expect(page.asked()).toEqual(ALL);
    expect(page.copy.attributes).toEqual({ inert: '' });
    expect(page.copy.fields).toEqual([{ readOnly: true }, { readOnly: true }]);
    const signedOut = pageOf();
    expect(signedOut.copy.attributes).toEqual({});
    expect(signedOut.copy.fields).toEqual([{ readOnly: false }, { readOnly: false }]);
  });
});
