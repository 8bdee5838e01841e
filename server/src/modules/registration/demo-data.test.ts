import { describe, expect, it } from 'vitest';
import {
  createRandom,
  demoAadhaar,
  demoProfile,
  isVerhoeffValid,
  verhoeffCheckDigit,
} from './demo-data';

describe('demo data', () => {
  it('computes Verhoeff check digits (published examples)', () => {
    expect(verhoeffCheckDigit('236')).toBe('3');
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
    expect(verhoeffCheckDigit('12345')).toBe('1');
    // Long numbers exercise every row of the permutation table (UIDAI's published samples).
    expect(isVerhoeffValid('999999990019')).toBe(true);
    expect(isVerhoeffValid('499118665246')).toBe(true);
    expect(verhoeffCheckDigit('49911866524')).toBe('6');
    expect(isVerhoeffValid('499118665247')).toBe(false);
  });

  it('makes Aadhaar numbers that start 2-9 and pass Verhoeff', () => {
    const random = createRandom(7);
    for (let i = 0; i < 500; i++) {
      const aadhaar = demoAadhaar(random);
      expect(aadhaar).toMatch(/^[2-9]\d{11}$/);
      expect(isVerhoeffValid(aadhaar)).toBe(true);
    }
  });

  it('makes profiles in the formats of spec section 5, reproducibly', () => {
    const random = createRandom(42);
    for (let i = 0; i < 200; i++) {
      const p = demoProfile(random);
      expect(p.full_name).toMatch(/^[A-Za-z ]{2,}$/);
      expect(p.contact_number).toMatch(/^[6-9]\d{9}$/);
      expect(p.alternative_contact_number).toMatch(/^([6-9]\d{9})?$/);
      expect(p.pan_number).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
      expect(p.ifsc_code).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
      expect(p.account_number).toMatch(/^\d{9,18}$/);
      expect(p.pin_code).toMatch(/^[1-9]\d{5}$/);
      expect(p.loan_amount).toMatch(/^[1-9]\d{0,6}$/);
      expect(p.city).toMatch(/^[A-Za-z ]{2,}$/);
      expect(p.full_address.length).toBeGreaterThanOrEqual(10);
    }
    expect(demoProfile(createRandom(1))).toEqual(demoProfile(createRandom(1)));
  });
});
