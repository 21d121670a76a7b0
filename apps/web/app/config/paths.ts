/** Every URL the web app links to, built here and nowhere else. */
/** The client file's tabs, each with its own URL (`/staff/clients/:clientId/:tab`; Overview has none). */
export const CLIENT_FILE_TABS = [
  'overview',
  'checklist',
  'organizer',
  'documents',
  'messages',
  'signatures',
  'billing',
  'profile',
  'history',
  'notes',
  'account',
] as const;
export type ClientFileTab = (typeof CLIENT_FILE_TABS)[number];

export const paths = {
  home: { getHref: () => '/' },
  profile: { getHref: () => '/profile' },
  taxServices: { getHref: () => '/tax-services' },
  usTaxServices: { getHref: () => '/us-tax-services' },
  indianTaxServices: { getHref: () => '/indian-tax-services' },
  testimonials: { getHref: () => '/testimonials' },
  careers: { getHref: () => '/careers' },
  contactUs: { getHref: () => '/contact-us' },
  taxCenter: { getHref: () => '/tax-center' },
  referAFriend: { getHref: () => '/refer-a-friend' },
  privacyPolicy: { getHref: () => '/privacy-policy' },
  termsConditions: { getHref: () => '/terms-conditions' },
  disclaimer: { getHref: () => '/disclaimer' },
  paypalPayment: { getHref: () => '/paypal-payment' },
  /** The spouse's e-mailed signing link (no account). */
  spouseSign: { getHref: (token: string) => `/sign/${encodeURIComponent(token)}` },
  user: {
    dashboard: { getHref: () => '/user/dashboard' },
    checklist: { getHref: () => '/user/checklist' },
    organizer: { getHref: () => '/user/organizer' },
    /** One checklist item on the checklist page (the page scrolls to it). */
    checklistItem: { getHref: (itemId: string) => `/user/checklist#item-${encodeURIComponent(itemId)}` },
    sign: { getHref: () => '/user/sign' },
    signDocument: { getHref: (documentId: string) => `/user/sign/${encodeURIComponent(documentId)}` },
    messages: { getHref: () => '/user/messages' },
    profile: { getHref: () => '/user/profile' },
    upload: { getHref: () => '/user/upload' },
    taxSummary: { getHref: () => '/user/tax-summary' },
    payment: { getHref: () => '/user/payment' },
    invoices: { getHref: () => '/user/invoices' },
    invoice: { getHref: (invoiceId: string) => `/user/invoices/${encodeURIComponent(invoiceId)}` },
    paymentSuccess: { getHref: () => '/user/paymentsuccess' },
    paymentFailure: { getHref: () => '/user/paymentfailure' },
    referrals: { getHref: () => '/user/refferrals' },
    saveReferral: { getHref: () => '/user/saverefferral' },
    changePassword: { getHref: () => '/user/changepassword' },
    security: { getHref: () => '/user/security' },
    consents: { getHref: () => '/user/consents' },
    /** The household's logins (issue 38): the holder manages them, members see them. */
    household: { getHref: () => '/user/household' },
    /** One tax year in the vault (issue 38): a past year's record, read-only. */
    year: { getHref: (taxYear: number) => `/user/years/${taxYear}` },
  },
  staff: {
    home: { getHref: () => '/staff' },
    login: { getHref: () => '/staff/login' },
    account: { getHref: () => '/staff/account' },
    /** A client's file, on one of its tabs (the Overview without one); `focus` names the row to show. */
    client: {
      getHref: (clientId: string, tab?: ClientFileTab, focus?: string) =>
        `/staff/clients/${encodeURIComponent(clientId)}${tab && tab !== 'overview' ? `/${tab}` : ''}${
          focus ? `?focus=${encodeURIComponent(focus)}` : ''
        }`,
    },
    /** My work is the console's home; the queues and the activity feed have pages of their own. */
    queues: { getHref: () => '/staff/queues' },
    activity: { getHref: () => '/staff/activity' },
    messages: { getHref: () => '/staff/messages' },
    team: { getHref: () => '/staff/team' },
    templates: { getHref: () => '/staff/templates' },
    reports: { getHref: () => '/staff/reports' },
    automations: { getHref: () => '/staff/automations' },
    audit: {
      getHref: (clientId?: string) =>
        clientId ? `/staff/audit?client=${encodeURIComponent(clientId)}` : '/staff/audit',
    },
    settings: { getHref: () => '/staff/settings' },
    inbox: { getHref: () => '/staff/inbox' },
  },
} as const;
