import { describe, expect, it } from 'vitest';
import { modulePreloadHeader } from './link-header';

describe("a page's module scripts as a Link header", () => {
  it('lists the module scripts and modulepreloads of the head in document order, each once', () => {
    const html = [
      '<html><head>',
      '<script type="module" crossorigin src="/assets/boot-AbCd1234.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-dom-EfGh5678.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/app-Ij90.css">',
      '<script id="lp-runtime-config" type="application/json">{}</script>',
      '<script>window.early = 1</script>',
      '<link rel="modulepreload" crossorigin href="https://cdn.example/admin/remoteEntry.js">',
      '<link rel="modulepreload" crossorigin href="/assets/react-dom-EfGh5678.js">',
      '</head><body><script type="module" src="/assets/late-Zz99.js"></script></body></html>',
    ].join('');
    expect(modulePreloadHeader(html)).toBe(
      [
        '</assets/boot-AbCd1234.js>; rel=modulepreload; crossorigin',
        '</assets/react-dom-EfGh5678.js>; rel=modulepreload; crossorigin',
        '<https://cdn.example/admin/remoteEntry.js>; rel=modulepreload; crossorigin',
      ].join(', '),
    );
  });

  it('reads an escaped attribute as the browser does, and leaves a URL a header cannot carry', () => {
    const html = [
      '<head>',
      '<link rel="modulepreload" crossorigin href="/remote/entry.js?v=1&#38;a=2">',
      '<link rel="modulepreload" crossorigin href="/odd/a,b.js">',
      '<link rel="modulepreload" crossorigin href="/odd/a&#62;b.js">',
      '<link rel="modulepreload" crossorigin href="/odd/a b.js">',
      '<link rel="modulepreload" crossorigin href="/odd/ä.js">',
      '<link rel="modulepreload" crossorigin="use-credentials" href="/private/entry.js">',
      '</head>',
    ].join('');
    expect(modulePreloadHeader(html)).toBe(
      '</remote/entry.js?v=1&a=2>; rel=modulepreload; crossorigin',
    );
  });

  it('gives no header for a page without module scripts', () => {
    expect(modulePreloadHeader('<html><head><title>x</title></head><body></body></html>')).toBe(
      undefined,
    );
  });
});
