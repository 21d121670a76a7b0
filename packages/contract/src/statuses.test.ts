import { describe, expect, it } from 'vitest';
import { canEditProfile, canPay, dashboardStep, FILE_STATUSES } from './statuses.ts';

describe('file statuses', () => {
  it('open profile editing from To Be Assigned through Other Docs Pending only', () => {
    const editable = FILE_STATUSES.filter(canEditProfile);
    expect(editable).toEqual([
      'To Be Assigned',
      'Basic Info Pending',
      'Interview Pending',
      'Docs Upload Pending',
      'Other Docs Pending',
    ]);
  });

  it('open payment only in Synopsys Pending and Payment Pending', () => {
    expect(FILE_STATUSES.filter(canPay)).toEqual(['Synopsys Pending', 'Payment Pending']);
  });

  it('place every status but Cancel Filing on a dashboard step', () => {
    expect(dashboardStep('To Be Assigned')).toBe(0);
    expect(dashboardStep('Payment Pending')).toBe(3);
    expect(dashboardStep('Filing Docs Sent')).toBe(5);
    expect(dashboardStep('Cancel Filing')).toBeNull();
  });
});
