import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsolePage } from './page-header.tsx';

describe('ConsolePage', () => {
  it('is the main landmark, with the page as its one h1, what it is for, and its content', () => {
    render(
      <MantineProvider>
        <ConsolePage title="Inbox" description="Contact messages.">
          <p>The lists</p>
        </ConsolePage>
      </MantineProvider>,
    );
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Inbox');
    expect(main).toHaveTextContent('Contact messages.');
    expect(main).toHaveTextContent('The lists');
  });
});
