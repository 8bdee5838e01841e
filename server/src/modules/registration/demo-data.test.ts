import { hasValidVerhoeffCheckDigit } from '@loan-portal/api-client';
import { describe, expect, it } from 'vitest';
import { createRandom, demoAadhaar, demoProfile } from './demo-data';

describe('demo data', () => {
  it('makes Aadhaar numbers that start 2-9 and pass Verhoeff', () => {
    const random = createRandom(7);
    for (let i = 0; i < 500; i++) {
      const aadhaar = demoAadhaar(random);
      expect(aadhaar).toMatch(/^[2-9]\d{11}$/);
      expect(hasValidVerhoeffCheckDigit(aadhaar)).toBe(true);
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
