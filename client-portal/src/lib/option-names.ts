import type { I18n } from '@lingui/core';
import type { IndianState, LoanType } from '@loan-portal/api-client';

/**
 * The form's option values (LOAN_TYPES, INDIAN_STATES) are what the server stores, in English;
 * these are the names a reader sees for them.
 */
export function loanTypeNames(i18n: I18n): Record<LoanType, string> {
  return {
    'Personal Loan': i18n._('loanType.personal'),
    'Home Loan': i18n._('loanType.home'),
    'Educational Loan': i18n._('loanType.educational'),
    'Car Loan': i18n._('loanType.car'),
  };
}

export function stateNames(i18n: I18n): Record<IndianState, string> {
  return {
    'Andhra Pradesh': i18n._('state.andhraPradesh'),
    'Arunachal Pradesh': i18n._('state.arunachalPradesh'),
    Assam: i18n._('state.assam'),
    Bihar: i18n._('state.bihar'),
    Chhattisgarh: i18n._('state.chhattisgarh'),
    Goa: i18n._('state.goa'),
    Gujarat: i18n._('state.gujarat'),
    Haryana: i18n._('state.haryana'),
    'Himachal Pradesh': i18n._('state.himachalPradesh'),
    Jharkhand: i18n._('state.jharkhand'),
    Karnataka: i18n._('state.karnataka'),
    Kerala: i18n._('state.kerala'),
    'Madhya Pradesh': i18n._('state.madhyaPradesh'),
    Maharashtra: i18n._('state.maharashtra'),
    Manipur: i18n._('state.manipur'),
    Meghalaya: i18n._('state.meghalaya'),
    Mizoram: i18n._('state.mizoram'),
    Nagaland: i18n._('state.nagaland'),
    Odisha: i18n._('state.odisha'),
    Punjab: i18n._('state.punjab'),
    Rajasthan: i18n._('state.rajasthan'),
    Sikkim: i18n._('state.sikkim'),
    'Tamil Nadu': i18n._('state.tamilNadu'),
    Telangana: i18n._('state.telangana'),
    Tripura: i18n._('state.tripura'),
    'Uttar Pradesh': i18n._('state.uttarPradesh'),
    Uttarakhand: i18n._('state.uttarakhand'),
    'West Bengal': i18n._('state.westBengal'),
    Delhi: i18n._('state.delhi'),
    'Jammu and Kashmir': i18n._('state.jammuAndKashmir'),
    Ladakh: i18n._('state.ladakh'),
    Puducherry: i18n._('state.puducherry'),
    Chandigarh: i18n._('state.chandigarh'),
    'Andaman and Nicobar Islands': i18n._('state.andamanAndNicobarIslands'),
    'Dadra and Nagar Haveli': i18n._('state.dadraAndNagarHaveli'),
    'Daman and Diu': i18n._('state.damanAndDiu'),
    Lakshadweep: i18n._('state.lakshadweep'),
  };
}

/** A stored loan type in the reader's words; one this portal does not know, as it came. */
export function loanTypeName(i18n: I18n, value: string): string {
  return loanTypeNames(i18n)[value as LoanType] ?? value;
}

/** A stored state in the reader's words; one this portal does not know, as it came. */
export function stateName(i18n: I18n, value: string): string {
  return stateNames(i18n)[value as IndianState] ?? value;
}
