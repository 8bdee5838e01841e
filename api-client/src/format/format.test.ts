import { describe, expect, test } from 'vitest';
import { formatAadhaar, maskAadhaar } from './aadhaar';
import { formatFee, formatRupees } from './currency';

describe('formatRupees', () => {
  test.each([
    [1000000, '₹10,00,000'],
    ['500000', '₹5,00,000'],
    ['250000.00', '₹2,50,000'],
    [99.6, '₹100'],
    [0, '₹0'],
    [1234567, '₹12,34,567'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['abc', 'N/A'],
  ])('%j -> %s', (value, expected) => {
    expect(formatRupees(value)).toBe(expected);
  });
});

describe('formatFee', () => {
  test.each([
    [199, '₹199.00'],
    ['199', '₹199.00'],
    [1999.5, '₹1,999.50'],
    [null, 'N/A'],
  ])('%j -> %s', (value, expected) => {
    expect(formatFee(value)).toBe(expected);
  });
});

describe('formatAadhaar', () => {
  test.each([
    ['234567890124', '2345 6789 0124'],
    ['2345 6789 0124', '2345 6789 0124'],
    ['23456', '2345 6'],
    ['2345', '2345'],
    ['', ''],
    [null, ''],
  ])('%j -> %j', (value, expected) => {
    expect(formatAadhaar(value)).toBe(expected);
  });
});

describe('maskAadhaar', () => {
  test.each([
    ['234567890124', 'XXXX XXXX 0124'],
    ['2345 6789 0124', 'XXXX XXXX 0124'],
    ['', ''],
    [undefined, ''],
  ])('%j -> %j', (value, expected) => {
    expect(maskAadhaar(value)).toBe(expected);
  });
});
