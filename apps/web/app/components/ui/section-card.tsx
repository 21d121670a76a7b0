import { Card, Stack, Title, type CardProps, type MantineSpacing } from '@mantine/core';
import {
  useEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type FormEventHandler,
  type ReactNode,
} from 'react';

type SectionCardProps = {
  headingId: string;
  title: ReactNode;
  children: ReactNode;
  /**
   * Makes the section a target of a link (the client file's tab that holds it, `/staff/clients/:id/messages`):
   * it takes the focus programmatically (`tabIndex=-1`) and, when true once `ready`, scrolls into view and takes
   * the focus.
   */
  focusOnOpen?: boolean;
  /** For `focusOnOpen`: the section's content has loaded (default true). */
  ready?: boolean;
  /** The heading and content in a Stack with this gap (the heading then has no margin of its own). */
  gap?: MantineSpacing;
  /** `form`: the card holds one form named by the heading (heading and content inside it). */
  as?: 'section' | 'form';
  onSubmit?: FormEventHandler<HTMLFormElement>;
} & Omit<CardProps, 'children' | 'onSubmit'> &
  Pick<ComponentPropsWithoutRef<'section'>, 'id' | 'onPointerEnter' | 'onFocusCapture'>;

/** A bordered card that is a section named by its h2 (`headingId` ties the two). */
export function SectionCard({
  headingId,
  title,
  children,
  focusOnOpen,
  ready = true,
  gap,
  as = 'section',
  onSubmit,
  style,
  ...props
}: SectionCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const isTarget = focusOnOpen !== undefined;
  useEffect(() => {
    if (!focusOnOpen || !ready) return;
    const section = ref.current;
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [focusOnOpen, ready]);
  const inForm = as === 'form';
  const stacked = gap !== undefined || inForm;
  const heading = (
    <Title order={2} id={headingId} fz="lg" mb={stacked ? undefined : 'sm'}>
      {title}
    </Title>
  );
  const content = stacked ? (
    <Stack gap={gap ?? 'sm'}>
      {heading}
      {children}
    </Stack>
  ) : (
    <>
      {heading}
      {children}
    </>
  );
  return (
    <Card
      ref={ref}
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      {...(isTarget ? { tabIndex: -1, style: { scrollMarginTop: 16, ...(style as object) } } : { style })}
      {...props}
    >
      {inForm ? (
        <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
          {content}
        </form>
      ) : (
        content
      )}
    </Card>
  );
}
