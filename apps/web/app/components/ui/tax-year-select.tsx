import { NativeSelect } from '@mantine/core';

/**
 * A list's "Tax year" filter over the firm's years (useTaxYears, the current one first). With `allLabel`, a
 * blank first choice stands for every year (undefined).
 */
export function TaxYearSelect({
  years,
  value,
  onChange,
  allLabel,
  w = 160,
}: {
  years: readonly number[] | undefined;
  value: number | undefined;
  onChange: (year: number | undefined) => void;
  allLabel?: string;
  w?: number;
}) {
  const choices = (years ?? []).map(String);
  return (
    <NativeSelect
      label="Tax year"
      value={value === undefined ? '' : String(value)}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        onChange(chosen ? Number(chosen) : undefined);
      }}
      data={allLabel ? [{ value: '', label: allLabel }, ...choices] : choices}
      w={w}
    />
  );
}
