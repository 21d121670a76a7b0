import {
  IconChecklist,
  IconCreditCard,
  IconFileInvoice,
  IconFileUpload,
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

/** The client side menu (spec section 2), in the spec's order. */
export const CLIENT_MENU: readonly MenuEntry[] = [
  { label: 'Checklist', href: paths.user.checklist.getHref(), icon: IconChecklist, available: true },
  { label: 'Dashboard', href: paths.user.dashboard.getHref(), icon: IconLayoutDashboard, available: true },
  { label: 'Messages', href: paths.user.messages.getHref(), icon: IconMessages, available: true },
  {
    label: 'Sign',
    href: paths.user.sign.getHref(),
    icon: IconSignature,
    countLabel: 'to sign',
    available: true,
  },
  {
    label: 'Profile Information',
    href: paths.user.profile.getHref(),
    icon: IconUserCircle,
    available: true,
  },
  { label: 'Document Upload', href: paths.user.upload.getHref(), icon: IconFileUpload, available: true },
  { label: 'Tax Summary', href: paths.user.taxSummary.getHref(), icon: IconReceiptTax, available: true },
  {
    label: 'Invoices',
    href: paths.user.invoices.getHref(),
    icon: IconFileInvoice,
    countLabel: 'open',
    available: true,
  },
  {
    label: 'Payment',
    href: paths.user.payment.getHref(),
    icon: IconCreditCard,
    paymentOnly: true,
    available: true,
  },
  { label: 'Referrals', href: paths.user.referrals.getHref(), icon: IconUsersGroup, available: true },
  { label: 'Change Password', href: paths.user.changePassword.getHref(), icon: IconKey, available: true },
  { label: 'Account Security', href: paths.user.security.getHref(), icon: IconShieldLock, available: true },
  {
    label: 'Privacy & Consents',
    href: paths.user.consents.getHref(),
    icon: IconShieldCheck,
    available: true,
  },
];
