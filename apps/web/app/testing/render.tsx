import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * Renders `ui` as the app does: Mantine, a fresh query client that does not retry (optionally seeded with
 * `[queryKey, data]` pairs) and, with `route`, a router at that address. Answers the render result and the
 * query client.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route, seed = [] }: { route?: string; seed?: readonly (readonly [QueryKey, unknown])[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  const routed = route === undefined ? ui : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>;
  const result = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{routed}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
