import {
  IconChecklist,
  IconClipboardList,
  IconCreditCard,
  IconFileInvoice,
  IconFileUpload,
  IconHome,
  IconKey,
  IconLayoutDashboard,
  IconMessages,
  IconReceiptTax,
  IconShieldCheck,
  IconShieldLock,
  IconSignature,
  IconUserCircle,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';

export type MenuEntry = {
  label: string;
  href: string;
  icon: Icon;
  /** Shown only while the filing's status opens payment. */
  paymentOnly?: boolean;
  /** What the entry's count counts, for screen readers ("unread" unless told). */
  countLabel?: string;
  /** False until the page exists: the entry shows, marked as opening soon, but is not a link. */
  available: boolean;
};

/** An entry for a page that exists, with any of the optional fields. */
function page(
  label: string,
  href: string,
  icon: Icon,
  more: Pick<MenuEntry, 'paymentOnly' | 'countLabel'> = {},
): MenuEntry {
  return { label, href, icon, available: true, ...more };
}

/** The client side menu (spec section 2), in the spec's order. */
export const CLIENT_MENU: readonly MenuEntry[] = [
  page('Checklist', paths.user.checklist.getHref(), IconChecklist),
  page('Dashboard', paths.user.dashboard.getHref(), IconLayoutDashboard),
  page('Organizer', paths.user.organizer.getHref(), IconClipboardList),
  page('Messages', paths.user.messages.getHref(), IconMessages),
  page('Sign', paths.user.sign.getHref(), IconSignature, { countLabel: 'to sign' }),
  page('Profile Information', paths.user.profile.getHref(), IconUserCircle),
  page('Household', paths.user.household.getHref(), IconHome),
  page('Document Upload', paths.user.upload.getHref(), IconFileUpload),
  page('Tax Summary', paths.user.taxSummary.getHref(), IconReceiptTax),
  page('Invoices', paths.user.invoices.getHref(), IconFileInvoice, { countLabel: 'open' }),
  page('Payment', paths.user.payment.getHref(), IconCreditCard, { paymentOnly: true }),
  page('Referrals', paths.user.referrals.getHref(), IconUsersGroup),
  page('Change Password', paths.user.changePassword.getHref(), IconKey),
  page('Account Security', paths.user.security.getHref(), IconShieldLock),
  page('Privacy & Consents', paths.user.consents.getHref(), IconShieldCheck),
];
