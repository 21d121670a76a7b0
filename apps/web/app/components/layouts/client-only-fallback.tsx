import { Center, Loader } from '@mantine/core';

/** What the server sends for browser-rendered areas (the portal and the console) until the app starts. */
export function ClientOnlyFallback({ label }: { label: string }) {
  return (
    <Center mih="60vh" component="main">
      <Loader aria-label={label} />
    </Center>
  );
}
