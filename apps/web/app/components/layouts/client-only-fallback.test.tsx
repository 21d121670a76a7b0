import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../testing/axe.ts';
import { ClientOnlyFallback } from './client-only-fallback.tsx';

describe('ClientOnlyFallback', () => {
  it('is a whole page for assistive technology: its level-one heading and a named loading status', async () => {
    render(
      <MantineProvider>
        <ClientOnlyFallback label="Loading your portal" />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Loading your portal' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your portal' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
