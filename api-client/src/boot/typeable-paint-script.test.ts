import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  DEFERRED_MODULES_FALLBACK_MS,
  DEFERRED_MODULES_ID,
  TYPEABLE_PAINT_ATTRIBUTE,
  TYPEABLE_PAINT_SCRIPT,
} from './typeable-paint-script';

type Element = Record<string, unknown> & { attributes: Record<string, string> };

/** Runs the script in a page that holds only what it reads, and shows what it asked for. */
function pageOf({ hidden = false, observer = true } = {}) {
  const appended: Element[] = [];
  const listeners: Record<string, (event: unknown) => void> = {};
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
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
  };
  class PerformanceObserver {
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe() {}
  }
  runInNewContext(TYPEABLE_PAINT_SCRIPT, {
    document,
    JSON,
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    ...(observer ? { PerformanceObserver } : {}),
  });
  const asked = () =>
    appended.map((element) =>
      [
        element.tag,
        element.type ?? element.rel,
        element.src ?? element.href,
        element.attributes.crossorigin ?? null,
      ].join(' '),
    );
  const paint = (name: string) =>
    onPaint?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
  return { asked, paint, timers, listeners };
}

const ALL = [
  'script module /assets/entry-Ab12.js ',
  'link modulepreload /assets/react-dom-Cd34.js ',
  'link modulepreload https://cdn.example/remoteEntry.js use-credentials',
  'link modulepreload /assets/plain-Ef56.js ',
];

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

  it("cancels a submit of the painted copy's form, and no other", () => {
    const { listeners } = pageOf();
    const submit = (inCopy: boolean) => {
      let cancelled = false;
      listeners.submit?.({
        target: {
          closest: (selector: string) =>
            inCopy && selector === `[${TYPEABLE_PAINT_ATTRIBUTE}]` ? {} : null,
        },
        preventDefault: () => {
          cancelled = true;
        },
      });
      return cancelled;
    };
    expect(submit(true)).toBe(true);
    expect(submit(false)).toBe(false);
  });
});
