/** The demo's chance: a seeded PRNG and the fixed lists it picks from, so the same seed gives the same firm. */
/** mulberry32: a tiny, well-spread PRNG, so the same seed gives the same firm. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof prng>;

export const CHILDREN = [
  'Aarav',
  'Emma',
  'Liam',
  'Olivia',
  'Isha',
  'Noah',
  'Diya',
  'Mia',
  'Rohan',
  'Ava',
] as const;
export const COMPANIES = [
  'Initech',
  'Globex',
  'Umbrella Systems',
  'Hooli',
  'Vandelay Industries',
  'Stark Labs',
];
export const END_CLIENTS = [
  'Acme Bank',
  'Northwind Health',
  'Contoso Retail',
  'Fabrikam Insurance',
  'Tailspin Air',
];
export const OCCUPATIONS = [
  'Software Engineer',
  'Data Analyst',
  'Nurse',
  'Teacher',
  'Accountant',
  'Consultant',
];
export const CITIES = [
  { city: 'Dallas', state: 'TX', zip: '75201', zone: 'CST' },
  { city: 'Austin', state: 'TX', zip: '78701', zone: 'CST' },
  { city: 'San Jose', state: 'CA', zip: '95113', zone: 'PST' },
  { city: 'Seattle', state: 'WA', zip: '98101', zone: 'PST' },
  { city: 'Edison', state: 'NJ', zip: '08817', zone: 'EST' },
  { city: 'Chicago', state: 'IL', zip: '60601', zone: 'CST' },
  { city: 'Denver', state: 'CO', zip: '80202', zone: 'MST' },
] as const;
export const VISAS = ['H1B', 'H4', 'L1', 'F1', 'Green Card', 'US Citizen'];

/**
 * A number shaped like an identity number that no one holds: area 9XX is never an SSN, and group 93 is
 * outside every ITIN range, so it cannot be anyone's.
 */
export const fakeIdentityNumber = (r: Random) =>
  `9${r.int(10, 99)}93${String(r.int(1, 9999)).padStart(4, '0')}`;

/** MM-DD-YYYY, as the profile forms send dates. */
export const formDate = (year: number, r: Random) =>
  `${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}-${year}`;
