import { describe, expect, test } from 'vitest';
import { formatCount, formatDateTime, kolkataDate, oneMonthBefore, shortMonthName } from './format';

test('formatCount uses thousands separators', () => {
  expect(formatCount(1234567)).toBe('1,234,567');
  expect(formatCount(0)).toBe('0');
});

test('formatDateTime is en-US with a short month, in Kolkata time', () => {
  expect(formatDateTime('2025-03-05T09:34:00Z')).toBe('Mar 5, 2025, 3:04 PM');
  expect(formatDateTime(null)).toBe('N/A');
});

test('shortMonthName derives the names from 2025', () => {
  expect([1, 2, 12].map(shortMonthName)).toEqual(['Jan', 'Feb', 'Dec']);
});

describe('dates of the filters', () => {
  test('today is the Kolkata calendar day', () => {
    // 20:00 UTC on 31 Jan is already 1 Feb in India.
    expect(kolkataDate(new Date('2025-01-31T20:00:00Z'))).toBe('2025-02-01');
  });

  test.each([
    ['2025-03-15', '2025-02-15'],
    ['2025-03-31', '2025-02-28'],
    ['2024-03-31', '2024-02-29'],
    ['2025-01-10', '2024-12-10'],
  ])('one month before %s is %s', (date, expected) => {
    expect(oneMonthBefore(date)).toBe(expected);
  });
});
