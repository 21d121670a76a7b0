import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { currencySign } from '../money.ts';

/**
 * A required price in the currency's unit ("Price ($)", "Price (₹)"), typed as dollars and cents: the form reads
 * and writes it through the contract's parseAmount and centsToDecimal. Takes the form's `register(...)`.
 */
export function PriceField({
  currency,
  ref,
  ...props
}: { currency: string; ref?: Ref<HTMLInputElement> } & Omit<
  TextInputProps,
  'label' | 'withAsterisk' | 'inputMode'
>) {
  return (
    <TextInput
      ref={ref}
      label={`Price (${currencySign(currency)})`}
      withAsterisk
      inputMode="decimal"
      {...props}
    />
  );
}
