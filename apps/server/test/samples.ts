/**
 * Request bodies more than one test file sends: one sample each, varied with a spread where a test needs
 * another value.
 */

/** The sign-up form's body (`login/register`), Asha Rao on a US mobile unless told otherwise. */
export function registrationBody(options: {
  email: string;
  password: string;
  first?: string;
  last?: string;
  mobileCountry?: string;
  phone?: string;
}) {
  return {
    first_name: options.first ?? 'Asha',
    last_name: options.last ?? 'Rao',
    mobileCountry: options.mobileCountry ?? 'US',
    phone: options.phone ?? '4695550100',
    email: options.email,
    confirmemail: options.email,
    password: options.password,
    confirmpassword: options.password,
    terms: true,
  };
}

/** The careers form's fields (`settings/careerssubmit`), without a résumé. */
export const CAREER_APPLICATION = {
  firstname: 'Priya',
  lastname: 'Sharma',
  emailaddress: 'priya@example.com',
  phoneext: 'INDIA',
  phone: '98765-43210',
  message: 'I would like to apply for the tax preparer role.',
};

/** The taxpayer section (`user/savetaxpayer`) as Asha fills it in; tests add the e-mail they need. */
export const TAXPAYER = {
  first_name: 'Asha',
  last_name: 'Rao',
  ssnitin: '123-45-6789',
  occupation: 'Engineer',
  dob: '04-15-1988',
  filling_status: 'Married Filing Jointly',
  dependent: '1',
  phoneext: 'US',
  phone: '(469)-555-0100',
  country_name: 'US',
  time_zone: 'CST',
  insurence: 'Yes',
};
