import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STALLED_NOTICE_TEMPLATE_ID } from '@loan-portal/api-client';
import { describe, expect, it } from 'vitest';
import { STALLED_NOTICE_MARKER, stalledNoticeCopies } from './stalled-notice';

/** index.html as the build writes it (vite.config.ts, the stalled-notice plugin). */
const built = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8').replace(
  STALLED_NOTICE_MARKER,
  () => stalledNoticeCopies(),
);

function notices(): HTMLTemplateElement {
  const doc = new DOMParser().parseFromString(built, 'text/html');
  const template = doc.getElementById(STALLED_NOTICE_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) throw new Error('no template');
  return template;
}

describe('the notice of a page whose scripts keep failing', () => {
  it("has its place in index.html inside the template the page's inline script reads", () => {
    const doc = new DOMParser().parseFromString(
      readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8'),
      'text/html',
    );
    const template = doc.getElementById(STALLED_NOTICE_TEMPLATE_ID);
    expect(template?.innerHTML).toBe(STALLED_NOTICE_MARKER);
    expect(notices().content.childElementCount).toBe(2);
  });

  it('is written once in English and once in Hindi, each an alert with a Retry button', () => {
    const copies = [...notices().content.children];
    expect(copies.map((copy) => copy.getAttribute('lang'))).toEqual(['en-IN', 'hi-IN']);
    expect(copies.map((copy) => copy.getAttribute('role'))).toEqual(['alert', 'alert']);
    expect(copies.map((copy) => copy.querySelector('button')?.textContent)).toEqual([
      'Retry',
      'फिर से प्रयास करें',
    ]);
  });

  it("says what happened and what to do in the reader's language", () => {
    const [english, hindi] = [...notices().content.children];
    expect(english?.textContent).toContain('We could not load this page');
    expect(english?.textContent).toContain('Check your connection and try again.');
    expect(hindi?.textContent).toContain('यह पेज लोड नहीं हो सका');
    expect(hindi?.textContent).toContain('अपना इंटरनेट कनेक्शन जाँचें');
    // Neither copy falls back to the other language's words or to a bare message id.
    expect(hindi?.textContent).not.toMatch(/[A-Za-z]/);
    expect(english?.textContent).not.toContain('shell.');
  });
});
