import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_PAINT_MARKERS } from '@loan-portal/api-client';
import { describe, expect, it } from 'vitest';
import { i18n } from './app/shell-i18n';

const indexHtml = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');

describe("the shell's index.html", () => {
  it('marks the boot screen inside #root, where the server puts a page painted by the HTML', () => {
    const doc = new DOMParser().parseFromString(indexHtml, 'text/html');
    const root = doc.getElementById('root');
    expect(root?.innerHTML.startsWith(FIRST_PAINT_MARKERS.start)).toBe(true);
    expect(root?.innerHTML.endsWith(FIRST_PAINT_MARKERS.end)).toBe(true);
    expect(root?.querySelector('.lp-boot')).not.toBeNull();
  });

  it("writes the boot text as the shell's BootScreen says it, which the server translates by", () => {
    // The server finds this exact English text to put a Hindi reader's in its place (page.loading).
    const doc = new DOMParser().parseFromString(indexHtml, 'text/html');
    expect(doc.querySelector('#root .lp-boot-text')?.textContent).toBe(
      i18n._('shell.loading', { name: '__PRODUCT_NAME__' }),
    );
  });
});
