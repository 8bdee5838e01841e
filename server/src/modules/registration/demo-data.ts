import { type ProfilePayload, verhoeffCheckDigit } from '@loan-portal/api-client';

/**
 * Realistic Indian applicants for demos, load tests and test fixtures: every value passes the
 * profile rules of spec section 5, Aadhaar numbers carry a valid Verhoeff check digit and start
 * 2-9 (as UIDAI issues them), PANs follow the individual-holder pattern, IFSCs use real bank codes.
 */

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same applicants. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const digits = (count: number) => {
    let out = '';
    for (let i = 0; i < count; i++) out += String(int(0, 9));
    return out;
  };
  return { next, int, pick, digits };
}

export type Random = ReturnType<typeof createRandom>;

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Krishna',
  'Ishaan',
  'Rohan',
  'Rahul',
  'Amit',
  'Suresh',
  'Ramesh',
  'Vijay',
  'Anil',
  'Sunil',
  'Rajesh',
  'Manoj',
  'Deepak',
  'Karthik',
  'Pranav',
  'Nikhil',
  'Abhishek',
  'Harish',
  'Gaurav',
  'Siddharth',
  'Mohammed',
  'Imran',
  'Gurpreet',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Priya',
  'Pooja',
  'Neha',
  'Kavya',
  'Lakshmi',
  'Divya',
  'Sneha',
  'Anjali',
  'Meera',
  'Shreya',
  'Fatima',
  'Ayesha',
  'Harpreet',
  'Sunita',
  'Geeta',
  'Rekha',
  'Nandini',
  'Swati',
  'Aishwarya',
  'Bhavana',
  'Deepika',
  'Jyoti',
  'Keerthi',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Kumar',
  'Patel',
  'Shah',
  'Reddy',
  'Rao',
  'Nair',
  'Menon',
  'Pillai',
  'Iyer',
  'Iyengar',
  'Naidu',
  'Das',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Bose',
  'Ghosh',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Patil',
  'Jadhav',
  'Mehta',
  'Desai',
  'Agarwal',
  'Bansal',
  'Malhotra',
  'Kapoor',
  'Chopra',
  'Khan',
  'Ahmed',
  'Sheikh',
  'Gill',
  'Sandhu',
  'Yadav',
  'Mishra',
  'Tiwari',
  'Pandey',
  'Choudhary',
  'Thakur',
  'Hegde',
  'Shetty',
  'Kamath',
  'Bhat',
];

/** Real cities with their state (names as in the spec's state list). */
const PLACES: readonly (readonly [city: string, state: string, pinPrefix: string])[] = [
  ['Mumbai', 'Maharashtra', '400'],
  ['Pune', 'Maharashtra', '411'],
  ['Nagpur', 'Maharashtra', '440'],
  ['New Delhi', 'Delhi', '110'],
  ['Bengaluru', 'Karnataka', '560'],
  ['Mysuru', 'Karnataka', '570'],
  ['Chennai', 'Tamil Nadu', '600'],
  ['Coimbatore', 'Tamil Nadu', '641'],
  ['Hyderabad', 'Telangana', '500'],
  ['Visakhapatnam', 'Andhra Pradesh', '530'],
  ['Vijayawada', 'Andhra Pradesh', '520'],
  ['Kolkata', 'West Bengal', '700'],
  ['Ahmedabad', 'Gujarat', '380'],
  ['Surat', 'Gujarat', '395'],
  ['Jaipur', 'Rajasthan', '302'],
  ['Lucknow', 'Uttar Pradesh', '226'],
  ['Kanpur', 'Uttar Pradesh', '208'],
  ['Patna', 'Bihar', '800'],
  ['Bhopal', 'Madhya Pradesh', '462'],
  ['Indore', 'Madhya Pradesh', '452'],
  ['Kochi', 'Kerala', '682'],
  ['Thiruvananthapuram', 'Kerala', '695'],
  ['Kozhikode', 'Kerala', '673'],
  ['Chandigarh', 'Chandigarh', '160'],
  ['Ludhiana', 'Punjab', '141'],
  ['Gurugram', 'Haryana', '122'],
  ['Bhubaneswar', 'Odisha', '751'],
  ['Guwahati', 'Assam', '781'],
  ['Ranchi', 'Jharkhand', '834'],
  ['Raipur', 'Chhattisgarh', '492'],
  ['Dehradun', 'Uttarakhand', '248'],
  ['Shimla', 'Himachal Pradesh', '171'],
  ['Panaji', 'Goa', '403'],
  ['Srinagar', 'Jammu and Kashmir', '190'],
  ['Puducherry', 'Puducherry', '605'],
  ['Port Blair', 'Andaman and Nicobar Islands', '744'],
  ['Leh', 'Ladakh', '194'],
  ['Imphal', 'Manipur', '795'],
  ['Shillong', 'Meghalaya', '793'],
  ['Agartala', 'Tripura', '799'],
  ['Gangtok', 'Sikkim', '737'],
];

const BANKS: readonly (readonly [name: string, ifscPrefix: string])[] = [
  ['State Bank of India', 'SBIN'],
  ['HDFC Bank', 'HDFC'],
  ['ICICI Bank', 'ICIC'],
  ['Axis Bank', 'UTIB'],
  ['Punjab National Bank', 'PUNB'],
  ['Bank of Baroda', 'BARB'],
  ['Canara Bank', 'CNRB'],
  ['Union Bank of India', 'UBIN'],
  ['Kotak Mahindra Bank', 'KKBK'],
  ['Indian Bank', 'IDIB'],
  ['Indian Overseas Bank', 'IOBA'],
  ['Bank of India', 'BKID'],
  ['Yes Bank', 'YESB'],
  ['IndusInd Bank', 'INDB'],
  ['Federal Bank', 'FDRL'],
  ['South Indian Bank', 'SIBL'],
];

const STREETS = [
  'MG Road',
  'Station Road',
  'Gandhi Nagar',
  'Nehru Street',
  'Park Street',
  'Lake View Road',
  'Temple Street',
  'Church Road',
  'Market Road',
  'Ring Road',
  'Civil Lines',
  'Main Bazaar',
];

export const LOAN_TYPES = ['Personal Loan', 'Home Loan', 'Educational Loan', 'Car Loan'] as const;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERIC = `${LETTERS}0123456789`;

export function demoMobile(random: Random): string {
  return `${random.int(6, 9)}${random.digits(9)}`;
}

export function demoAadhaar(random: Random): string {
  const body = `${random.int(2, 9)}${random.digits(10)}`;
  return body + verhoeffCheckDigit(body);
}

/** AAAPL9999A: 4th letter P (an individual), 5th the surname's initial. */
export function demoPan(random: Random, lastName: string): string {
  let pan = '';
  for (let i = 0; i < 3; i++) pan += random.pick([...LETTERS]);
  return `${pan}P${lastName[0]!.toUpperCase()}${random.digits(4)}${random.pick([...LETTERS])}`;
}

export function demoIfsc(random: Random, prefix: string): string {
  let branch = '';
  for (let i = 0; i < 6; i++) branch += random.pick([...ALPHANUMERIC]);
  return `${prefix}0${branch}`;
}

/** A complete, valid profile (the payload without its consent, which the caller adds). */
export function demoProfile(random: Random): Omit<ProfilePayload, 'consent_notice_version'> {
  const lastName = random.pick(LAST_NAMES);
  const [city, state, pinPrefix] = random.pick(PLACES);
  const [bankName, ifscPrefix] = random.pick(BANKS);
  return {
    full_name: `${random.pick(FIRST_NAMES)} ${lastName}`,
    contact_number: demoMobile(random),
    alternative_contact_number: random.next() < 0.6 ? demoMobile(random) : '',
    aadhaar_number: demoAadhaar(random),
    pan_number: demoPan(random, lastName),
    bank_name: bankName,
    account_number: `${random.int(1, 9)}${random.digits(random.int(8, 17))}`,
    ifsc_code: demoIfsc(random, ifscPrefix),
    full_address: `${random.int(1, 999)}, ${random.pick(STREETS)}, ${city}`,
    city,
    state,
    pin_code: `${pinPrefix}${random.digits(3)}`,
    loan_type: random.pick(LOAN_TYPES),
    loan_amount: String(random.int(10, 1000) * 1000),
  };
}
