import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_PAINT_MARKERS } from '@loan-portal/api-client';
import { describe, expect, it } from 'vitest';

const indexHtml = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');

describe("the shell's index.html", () => {
  it('marks the boot screen inside #root, where the server puts a page painted by the HTML', () => {
    const doc = new DOMParser().parseFromString(indexHtml, 'text/html');
    const root = doc.getElementById('root');
    expect(root?.innerHTML.startsWith(FIRST_PAINT_MARKERS.start)).toBe(true);
    expect(root?.innerHTML.endsWith(FIRST_PAINT_MARKERS.end)).toBe(true);
    expect(root?.querySelector('.lp-boot')).not.toBeNull();
  });
});
