import { MESSAGES, paymentAmountSchema } from '@taxfirm/contract';
import { z } from 'zod';

/**
 * The amount a client types to pay an invoice (the 'Payment Amount $' field, the invoice's 'Amount to pay'):
 * the contract's paymentAmountSchema in dollars, turned into cents, and no more than the balance; unless the
 * firm takes part payments, exactly the balance. The server applies the same rules (and has the last word).
 */
export function invoiceAmountFormSchema(balance: number, partPayments: boolean) {
  return z.object({
    amount: paymentAmountSchema
      .refine((cents) => cents <= balance, { error: MESSAGES.INVOICE_PAY_OVER_BALANCE })
      .refine((cents) => partPayments || cents === balance, { error: MESSAGES.INVOICE_PART_PAYMENTS_OFF }),
  });
}
