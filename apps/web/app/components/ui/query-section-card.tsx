import { Loader } from '@mantine/core';
import type { ComponentProps } from 'react';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { SectionCard } from './section-card.tsx';

/** What the section reads of its query: loading, error, answer, and the renewal of the answer's links. */
type SectionQuery = { isPending: boolean; error: unknown; data?: unknown; renewIfOld: () => void };

/**
 * A client file's section over one query whose answer carries short-lived links (messages, signatures,
 * invoices, the checklist): a SectionCard that shows a loader until the first answer, then the query's error
 * (or `error`, when the section reads more than one query), and renews the links when staff come back to it
 * (pointer or focus). It is `ready` for `focusOnOpen` once the query has answered.
 */
export function QuerySectionCard({
  query,
  loadingLabel,
  error,
  children,
  ...props
}: {
  query: SectionQuery;
  /** The loader's accessible name ("Loading the messages"). */
  loadingLabel: string;
  error?: unknown;
} & Omit<ComponentProps<typeof SectionCard>, 'gap' | 'ready' | 'onPointerEnter' | 'onFocusCapture'>) {
  return (
    <SectionCard
      gap="md"
      ready={query.data !== undefined}
      onPointerEnter={query.renewIfOld}
      onFocusCapture={query.renewIfOld}
      {...props}
    >
      {query.isPending && <Loader role="status" aria-label={loadingLabel} />}
      <ApiErrorAlert error={error ?? query.error} />
      {children}
    </SectionCard>
  );
}
