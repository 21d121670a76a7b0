import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * Renders `ui` as the app does: Mantine, a fresh query client that does not retry (optionally seeded with
 * `[queryKey, data]` pairs), with `route` a router at that address and with `env: 'test'` Mantine's test mode. Answers the render result and the
 * query client.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route,
    seed = [],
    env,
  }: {
    route?: string;
    seed?: readonly (readonly [QueryKey, unknown])[];
    /** Mantine's `env="test"`: no transitions or portals, so a dropdown shows at once. */
    env?: 'test';
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  const routed = route === undefined ? ui : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>;
  const result = render(
    <MantineProvider env={env}>
      <QueryClientProvider client={queryClient}>{routed}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
