import { describe, expect, it } from 'vitest';
import { pageList } from './config';

describe('BENCH_LIGHTHOUSE_PAGES', () => {
  it('takes a row name with a comma in its parentheses as one page', () => {
    expect(pageList('/register (signed in), /status (signed in, Hindi),/login')).toEqual([
      '/register (signed in)',
      '/status (signed in, Hindi)',
      '/login',
    ]);
    expect(pageList('')).toEqual([]);
  });
});
