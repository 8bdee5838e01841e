import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson } from './html';

describe('escapeHtml', () => {
  it('leaves no character that could open a tag, an entity or end a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>R&D</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;R&#38;D&#60;/a&#62;',
    );
    expect(escapeHtml('Rupee Loans ₹199')).toBe('Rupee Loans ₹199');
  });
});

describe('scriptJson', () => {
  it('gives JSON that parses back to the value and cannot end its <script> element', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- x -->' };
    const json = scriptJson(value);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });
});
