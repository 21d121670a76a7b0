import { Anchor, Badge, TextInput, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { countOf } from './data-table.tsx';

/**
 * A paged list's caption: `loading` until the first answer, then its count ("3 payments", "1,000+ payments"
 * when the count stopped at its bound).
 */
export function listCaption(
  list: { isPending: boolean; data?: { recordsFiltered: number; more?: boolean } },
  loading: string,
  nouns: readonly [string, string],
): string {
  return list.isPending ? loading : countOf(list.data?.recordsFiltered ?? 0, nouns, list.data?.more);
}

/** A link to a client's file in the staff console. */
export function ClientFileLink({ clientId, children }: { clientId: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={paths.staff.client.getHref(clientId)} underline="always">
      {children}
    </Anchor>
  );
}

/**
 * A filing's or an item's status, as the console shows it. In a narrow column it wraps onto a second line
 * rather than cutting the status short ("PAYM…" said nothing).
 */
export function StatusBadge({ children, ...props }: { children: ReactNode } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge variant="light" color="navy" c="navy.9" styles={WRAPPING} {...props}>
      {children}
    </Badge>
  );
}

const WRAPPING = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

/** A list filter's From and To days (yyyy-mm-dd, as the browser gives them); `error` shows under To. */
export function DayRangeFilter({
  from,
  to,
  onFromChange,
  onToChange,
  error,
}: {
  from: string;
  to: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
  error?: ReactNode;
}) {
  return (
    <>
      <TextInput
        type="date"
        label="From"
        value={from}
        onChange={(event) => onFromChange(event.currentTarget.value)}
        w={170}
      />
      <TextInput
        type="date"
        label="To"
        value={to}
        error={error}
        onChange={(event) => onToChange(event.currentTarget.value)}
        w={170}
      />
    </>
  );
}
