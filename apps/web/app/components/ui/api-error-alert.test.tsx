import { MantineProvider } from '@mantine/core';
import { CALLS } from '@taxfirm/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api-client.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

describe('ApiErrorAlert', () => {
  it('announces a transport failure with the specification’s generic text', async () => {
    // Port 9 (discard) on loopback is closed: a real connection failure.
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', getCsrfToken: () => 'x' });
    const error = await api(CALLS.getSettings, {}).catch((e: unknown) => e);
    render(
      <MantineProvider>
        <ApiErrorAlert error={error} />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something bad happened; please try again later.');
  });

  it('renders nothing without an error', () => {
    render(
      <MantineProvider>
        <ApiErrorAlert error={null} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
