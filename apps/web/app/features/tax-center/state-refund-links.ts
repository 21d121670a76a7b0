/**
 * Where each state's taxpayers check the status of an individual income tax refund.
 *
 * Source: each state's Department of Revenue / Taxation website; checked 2026-11-22.
 *
 * Rules for this table (enforced by state-refund-links.test.ts):
 * - One entry per jurisdiction that taxes individual wage income and runs an online refund lookup: the 41
 *   income-tax states plus the District of Columbia. States without an individual income tax (AK, FL, NV,
 *   NH, SD, TN, TX, WA, WY) are left out.
 * - Every url is https and on the state's own government host: a .gov domain, or one of the few official
 *   state hosts outside .gov that the test lists by name (for example revenue.state.mn.us).
 * - Where the exact "Where's My Refund?" deep link could not be confirmed, the url is the revenue
 *   department's refund page or its home page (or the home of its official online tax portal), never a
 *   guessed path.
 * - Sorted by name, codes are USPS abbreviations and unique.
 */
export type StateRefundLink = {
  /** USPS abbreviation, e.g. "CA". */
  code: string;
  name: string;
  /** The state's official refund-status page (or its revenue department's page that links to it). */
  url: string;
};

export const STATE_REFUND_LINKS: readonly StateRefundLink[] = [
  { code: 'AL', name: 'Alabama', url: 'https://myalabamataxes.alabama.gov/' },
  { code: 'AZ', name: 'Arizona', url: 'https://aztaxes.gov/Home/CheckRefund' },
  { code: 'AR', name: 'Arkansas', url: 'https://atap.arkansas.gov/' },
  { code: 'CA', name: 'California', url: 'https://webapp.ftb.ca.gov/refund/login' },
  { code: 'CO', name: 'Colorado', url: 'https://www.colorado.gov/revenueonline/' },
  { code: 'CT', name: 'Connecticut', url: 'https://portal.ct.gov/DRS-myconneCT' },
  { code: 'DE', name: 'Delaware', url: 'https://revenue.delaware.gov/' },
  { code: 'DC', name: 'District of Columbia', url: 'https://mytax.dc.gov/' },
  { code: 'GA', name: 'Georgia', url: 'https://dor.georgia.gov/wheres-my-refund' },
  { code: 'HI', name: 'Hawaii', url: 'https://hitax.hawaii.gov/' },
  { code: 'ID', name: 'Idaho', url: 'https://tax.idaho.gov/' },
  { code: 'IL', name: 'Illinois', url: 'https://mytax.illinois.gov/' },
  {
    code: 'IN',
    name: 'Indiana',
    url: 'https://www.in.gov/dor/online-services/check-the-status-of-your-refund/',
  },
  { code: 'IA', name: 'Iowa', url: 'https://govconnect.iowa.gov/' },
  { code: 'KS', name: 'Kansas', url: 'https://www.ksrevenue.gov/' },
  { code: 'KY', name: 'Kentucky', url: 'https://refund.ky.gov/' },
  { code: 'LA', name: 'Louisiana', url: 'https://revenue.louisiana.gov/' },
  { code: 'ME', name: 'Maine', url: 'https://www.maine.gov/revenue/' },
  { code: 'MD', name: 'Maryland', url: 'https://www.marylandtaxes.gov/' },
  { code: 'MA', name: 'Massachusetts', url: 'https://mtc.dor.state.ma.us/mtc/_/' },
  { code: 'MI', name: 'Michigan', url: 'https://www.michigan.gov/taxes' },
  { code: 'MN', name: 'Minnesota', url: 'https://www.revenue.state.mn.us/wheres-my-refund' },
  { code: 'MS', name: 'Mississippi', url: 'https://www.dor.ms.gov/' },
  { code: 'MO', name: 'Missouri', url: 'https://dor.mo.gov/' },
  { code: 'MT', name: 'Montana', url: 'https://mtrevenue.gov/' },
  { code: 'NE', name: 'Nebraska', url: 'https://revenue.nebraska.gov/individuals/refund-information' },
  { code: 'NJ', name: 'New Jersey', url: 'https://www.nj.gov/treasury/taxation/checkrefundstatus.shtml' },
  { code: 'NM', name: 'New Mexico', url: 'https://tap.state.nm.us/tap/_/' },
  { code: 'NY', name: 'New York', url: 'https://www.tax.ny.gov/pit/file/refund.htm' },
  { code: 'NC', name: 'North Carolina', url: 'https://eservices.dor.nc.gov/wheresmyrefund/' },
  { code: 'ND', name: 'North Dakota', url: 'https://www.tax.nd.gov/wheres-my-refund' },
  { code: 'OH', name: 'Ohio', url: 'https://tax.ohio.gov/' },
  { code: 'OK', name: 'Oklahoma', url: 'https://oklahoma.gov/tax.html' },
  {
    code: 'OR',
    name: 'Oregon',
    url: 'https://www.oregon.gov/dor/programs/individuals/Pages/Where-is-my-refund.aspx',
  },
  { code: 'PA', name: 'Pennsylvania', url: 'https://mypath.pa.gov/_/' },
  { code: 'RI', name: 'Rhode Island', url: 'https://tax.ri.gov/' },
  { code: 'SC', name: 'South Carolina', url: 'https://dor.sc.gov/refund' },
  { code: 'UT', name: 'Utah', url: 'https://incometax.utah.gov/refunds/wheres-my-refund' },
  { code: 'VT', name: 'Vermont', url: 'https://myvtax.vermont.gov/' },
  { code: 'VA', name: 'Virginia', url: 'https://www.tax.virginia.gov/wheres-my-refund' },
  { code: 'WV', name: 'West Virginia', url: 'https://tax.wv.gov/' },
  { code: 'WI', name: 'Wisconsin', url: 'https://www.revenue.wi.gov/' },
];

/** The entry for a USPS code (any case), or undefined. */
export function findStateRefundLink(code: string | null | undefined): StateRefundLink | undefined {
  if (!code) return undefined;
  const wanted = code.trim().toUpperCase();
  return STATE_REFUND_LINKS.find((s) => s.code === wanted);
}

/** The form's message when Submit is pressed without a state (shown by the server and by the island). */
export const CHOOSE_STATE_MESSAGE = 'Please choose a state.';
