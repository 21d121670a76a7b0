/** The demo client's profile, saved as the client would save it (while the filing still takes edits). */
import { FILING_STATUSES } from '@taxfirm/contract';
import type { ClientActor, StaffActor } from '../../lib/actor.ts';
import { saveDependents, saveEmployers, saveSpouse, saveTaxpayer } from '../profile/profile.service.ts';
import type { DemoFile } from './demo-file.ts';
import {
  CHILDREN,
  CITIES,
  COMPANIES,
  END_CLIENTS,
  fakeIdentityNumber,
  formDate,
  OCCUPATIONS,
  VISAS,
} from './demo-random.ts';
import { FIRST_NAMES } from './names.ts';

/** Where the demo's audited writes say they came from. */
export const DEMO_ORIGIN = { ip: '127.0.0.1', userAgent: 'npm run db:seed' };

/** The demo firm's admin acting in the console, as the firm's own setup is saved. */
export const demoAdmin = (userId: string): StaffActor => ({
  kind: 'staff',
  userId,
  role: 'admin',
  offshore: false,
  ...DEMO_ORIGIN,
});

export async function seedProfile(f: DemoFile): Promise<void> {
  const { db, keyring, r, userId, clientId, email, first, last, phone, india, current } = f;
  const actor: ClientActor = {
    kind: 'client',
    userId,
    clientId,
    email,
    member: null,
    ...DEMO_ORIGIN,
  };
  const profileDeps = { db, keyring, taxYear: current };
  const married = r.chance(0.55);
  const kids = married ? r.int(0, 3) : r.chance(0.1) ? 1 : 0;
  const place = r.pick(CITIES);
  const filingStatus = married
    ? r.chance(0.85)
      ? FILING_STATUSES[1]
      : FILING_STATUSES[2]
    : kids > 0
      ? FILING_STATUSES[3]
      : FILING_STATUSES[0];
  await saveTaxpayer(profileDeps, actor, {
    first_name: first,
    last_name: last,
    ssnitin: fakeIdentityNumber(r),
    occupation: r.pick(OCCUPATIONS),
    dob: formDate(r.int(1965, 1998), r),
    filling_status: filingStatus,
    dependent: kids > 0 ? '1' : '2',
    email,
    phoneext: india ? 'INDIA' : 'US',
    phone,
    alterphone: undefined,
    address: `${r.int(100, 9999)} ${r.pick(['Oak', 'Maple', 'Elm', 'Cedar', 'Pine'])} Street`,
    city_name: place.city,
    state_name: place.state,
    country_name: 'US',
    zip: place.zip,
    insurence: r.chance(0.9) ? 'Yes' : 'No',
    current_emp: r.pick(COMPANIES),
    c_location: india ? 'India' : 'US',
    time_zone: india ? 'IST' : place.zone,
    referral_name: undefined,
  });
  if (married) {
    await saveSpouse(profileDeps, actor, {
      first_name: r.pick(FIRST_NAMES),
      last_name: last,
      ssn: fakeIdentityNumber(r),
      occupation: r.pick(OCCUPATIONS),
      dob: formDate(r.int(1965, 1998), r),
      visa_type: r.pick(VISAS),
    });
  }
  if (kids > 0) {
    await saveDependents(profileDeps, actor, {
      dependentinfo: Array.from({ length: kids }, () => ({
        first_name: r.pick(CHILDREN),
        last_name: last,
        ssn: fakeIdentityNumber(r),
        occupation: r.chance(0.5) ? 'Son' : 'Daughter',
        dob: formDate(r.int(2008, 2022), r),
        visa_type: r.pick(VISAS),
      })),
    });
  }
  await saveEmployers(profileDeps, actor, {
    emploerinfo: Array.from({ length: r.int(1, 2) }, (_, k) => ({
      company_name: r.pick(COMPANIES),
      client_name: r.pick(END_CLIENTS),
      proj_start_date: `0${k * 6 + 1}-01-${current}`,
      proj_end_date: k === 0 ? `06-30-${current}` : `12-31-${current}`,
    })),
  });
}
