import type { PaymentStatus } from '@taxfirm/contract';

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  failed: 'Failed',
  created: 'Not completed',
};
