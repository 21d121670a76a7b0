import { NativeSelect } from '@mantine/core';

/** An inbox list's status filter: "All statuses", then each of `statuses`; anything else clears the filter. */
export function StatusFilter<S extends string>({
  statuses,
  value,
  onChange,
  w,
}: {
  statuses: readonly S[];
  value: S | undefined;
  onChange: (status: S | undefined) => void;
  w: number;
}) {
  return (
    <NativeSelect
      label="Status"
      value={value ?? ''}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(statuses.find((status) => status === next));
      }}
      data={[{ value: '', label: 'All statuses' }, ...statuses]}
      w={w}
    />
  );
}
