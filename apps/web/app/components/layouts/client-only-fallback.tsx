import { Center, Loader, VisuallyHidden } from '@mantine/core';

/**
 * What the server sends for browser-rendered areas (the portal and the console) until the app starts. A page
 * loaded as a document (after signing in from a public page) shows it first, so it is a whole page for assistive
 * technology: a heading, and the spinner as a named status.
 */
export function ClientOnlyFallback({ label }: { label: string }) {
  return (
    <Center mih="60vh" component="main">
      <VisuallyHidden component="h1">{label}</VisuallyHidden>
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
