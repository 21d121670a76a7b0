import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../errors.ts';
import {
  isExpiryCurrent,
  isLuhnValid,
  SANDBOX_TEST_CARDS,
  sandboxCardSchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  paymentAmountSchema,
  paymentFormSchema,
  reportFailureBodySchema,
  verifyOrderBodySchema,
  verifyOrderResponseSchema,
} from './payments.schemas.ts';

function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('paymentAmountSchema (the Payment Amount $ field)', () => {
  it("says 'Amount is required' for a missing or blank amount", () => {
    for (const amount of [undefined, null, '', '   ']) {
      expect(errors(paymentAmountSchema, amount), String(amount)).toEqual({
        _: 'Amount is required',
      });
    }
  });

  it("refuses zero: 'Amount is required & should be greater than Zero'", () => {
    for (const amount of [0, '0', '0.00', ' 0 ']) {
      expect(errors(paymentAmountSchema, amount), String(amount)).toEqual({
        _: 'Amount is required & should be greater than Zero',
      });
    }
  });

  it("refuses negatives: 'Amount is required & should be greater than Zero'", () => {
    for (const amount of [-1, '-5', -0.01, '-150.25']) {
      expect(errors(paymentAmountSchema, amount), String(amount)).toEqual({
        _: 'Amount is required & should be greater than Zero',
      });
    }
  });

  it('refuses text that is not a number', () => {
    expect(errors(paymentAmountSchema, 'ten')).toEqual({
      _: 'Amount is required & should be greater than Zero',
    });
  });

  it('allows at most two decimal places', () => {
    expect(errors(paymentAmountSchema, '10.999')).toEqual({
      _: 'Amount can have at most two decimal places',
    });
    expect(errors(paymentAmountSchema, 1.005)).toEqual({
      _: 'Amount can have at most two decimal places',
    });
    expect(paymentAmountSchema.parse('10.9')).toBe(1090);
    expect(paymentAmountSchema.parse('10.99')).toBe(1099);
  });

  it('converts dollars to cents: 150.25 → 15025', () => {
    expect(paymentAmountSchema.parse(150.25)).toBe(15025);
    expect(paymentAmountSchema.parse('150.25')).toBe(15025);
    expect(paymentAmountSchema.parse(' 150.25 ')).toBe(15025);
  });

  it('converts without floating-point drift', () => {
    expect(paymentAmountSchema.parse('19.99')).toBe(1999);
    expect(paymentAmountSchema.parse(4.35)).toBe(435);
    expect(paymentAmountSchema.parse(1.29)).toBe(129);
    expect(paymentAmountSchema.parse('1.1')).toBe(110);
    expect(paymentAmountSchema.parse('1.00')).toBe(100);
    expect(paymentAmountSchema.parse(100)).toBe(10000);
  });

  it('asks for at least $1.00, the smallest charge card providers take', () => {
    expect(errors(paymentAmountSchema, '0.99')).toEqual({ _: 'Amount must be at least $1.00' });
    expect(errors(paymentAmountSchema, 0.01)).toEqual({ _: 'Amount must be at least $1.00' });
    expect(errors(createOrderBodySchema, { amount: 99, currency: 'USD' })).toEqual({
      amount: 'Amount must be at least $1.00',
    });
  });

  it('caps a payment at $100,000', () => {
    expect(paymentAmountSchema.parse('100000')).toBe(10_000_000);
    expect(errors(paymentAmountSchema, '100000.01')).toEqual({
      _: 'Amount cannot be more than $100,000',
    });
  });

  it('reports on the amount field of the payment form', () => {
    expect(errors(paymentFormSchema, {})).toEqual({
      amount: 'Amount is required',
    });
    expect(errors(paymentFormSchema, { amount: '0' })).toEqual({
      amount: 'Amount is required & should be greater than Zero',
    });
    expect(paymentFormSchema.parse({ amount: '150.25' })).toEqual({
      amount: 15025,
    });
  });
});

describe('createOrderBodySchema', () => {
  it('takes the amount in cents, in USD', () => {
    expect(
      createOrderBodySchema.parse({
        amount: 15025,
        currency: 'USD',
        clientid: 'ignored',
      }),
    ).toEqual({
      amount: 15025,
      currency: 'USD',
      clientid: 'ignored',
    });
  });

  it('refuses another currency', () => {
    expect(createOrderBodySchema.safeParse({ amount: 15025, currency: 'INR' }).success).toBe(false);
    expect(createOrderBodySchema.safeParse({ amount: 15025 }).success).toBe(false);
  });

  it('refuses a missing, zero, negative, fractional or too large amount', () => {
    expect(errors(createOrderBodySchema, { currency: 'USD' })).toEqual({
      amount: 'Amount is required',
    });
    expect(errors(createOrderBodySchema, { amount: 0, currency: 'USD' })).toEqual({
      amount: 'Amount is required & should be greater than Zero',
    });
    expect(errors(createOrderBodySchema, { amount: -100, currency: 'USD' })).toEqual({
      amount: 'Amount is required & should be greater than Zero',
    });
    expect(errors(createOrderBodySchema, { amount: 150.25, currency: 'USD' })).toEqual({
      amount: 'Amount can have at most two decimal places',
    });
    expect(errors(createOrderBodySchema, { amount: 10_000_001, currency: 'USD' })).toEqual({
      amount: 'Amount cannot be more than $100,000',
    });
    expect(createOrderBodySchema.safeParse({ amount: 10_000_000, currency: 'USD' }).success).toBe(true);
  });

  it('accepts what the payment form produces', () => {
    const cents = paymentAmountSchema.parse('150.25');
    expect(createOrderBodySchema.parse({ amount: cents, currency: 'USD' }).amount).toBe(15025);
  });
});

describe('verifyOrderBodySchema', () => {
  it("takes ids only in the provider's shape (no NUL, no path characters)", () => {
    expect(
      errors(verifyOrderBodySchema, { payment_id: 'pay_\u0000x', order_id: 'order_../x', signature: 's' }),
    ).toEqual({ payment_id: 'Must not contain a NUL character', order_id: 'order_id is not valid' });
    expect(errors(reportFailureBodySchema, { order_id: 'order_Ab12', payment_id: 'order_Ab12' })).toEqual({
      payment_id: 'payment_id is not valid',
    });
  });

  it('requires payment id, order id and signature', () => {
    expect(errors(verifyOrderBodySchema, { access_token: '17' })).toEqual({
      payment_id: 'payment_id is required',
      order_id: 'order_id is required',
      signature: 'signature is required',
    });
    expect(
      verifyOrderBodySchema.parse({
        payment_id: 'pay_1',
        order_id: 'order_1',
        signature: 'sig',
      }),
    ).toEqual({
      payment_id: 'pay_1',
      order_id: 'order_1',
      signature: 'sig',
    });
  });
});

describe('payment answers', () => {
  it('carry the order in cents and USD or INR (an invoice’s currency), and the verification result', () => {
    const order = {
      http_code: 200,
      status_smessage: 'Success',
      id: 'order_1',
      amount: 15025,
      currency: 'USD',
      provider: 'sandbox',
      key: 'rzp_test_sandbox',
      name: 'The firm',
    };
    expect(createOrderResponseSchema.parse(order)).toEqual(order);
    expect(createOrderResponseSchema.safeParse({ ...order, currency: 'INR' }).success).toBe(true);
    expect(createOrderResponseSchema.safeParse({ ...order, currency: 'EUR' }).success).toBe(false);
    expect(
      verifyOrderResponseSchema.parse({
        http_code: 200,
        status_smessage: 'Success',
        success: true,
      }).success,
    ).toBe(true);
  });
});

describe('the sandbox checkout card form', () => {
  it('checks the Luhn digit of a card number; every test card passes', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(isLuhnValid(card.number), card.number).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('41111')).toBe(false);
    expect(isLuhnValid('4111-1111-1111-1111')).toBe(false);
  });

  it('takes an expiry to the end of its month', () => {
    const now = new Date(Date.UTC(2026, 10, 23));
    expect(isExpiryCurrent('11/26', now)).toBe(true);
    expect(isExpiryCurrent('10/26', now)).toBe(false);
    expect(isExpiryCurrent('01/27', now)).toBe(true);
  });

  it('gives each field its message', () => {
    expect(errors(sandboxCardSchema, {})).toEqual({
      card_number: 'Card number is required',
      expiry: 'Expiry date is required',
      cvv: 'CVV is required',
      name: 'Name on card is required',
    });
    expect(errors(sandboxCardSchema, { card_number: ' ', expiry: '13/30', cvv: '12a', name: ' ' })).toEqual({
      card_number: 'Card number is required',
      expiry: 'Enter the expiry date as MM/YY',
      cvv: 'Enter the 3 or 4 digit CVV',
      name: 'Name on card is required',
    });
    expect(
      sandboxCardSchema.parse({ card_number: '4111 1111 1111 1111', expiry: '12/99', cvv: '123', name: 'A' })
        .card_number,
    ).toBe('4111111111111111');
  });
});
