import { MantineProvider } from '@mantine/core';
import { CALLS, MESSAGES } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { AlertsChoice } from './alerts-choice.tsx';

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (_call: unknown, body: { alerts?: string }) =>
    body.alerts
      ? {
          http_code: 200,
          status_smessage: 'Success',
          message: MESSAGES.MESSAGE_ALERTS_SAVED,
          alerts: body.alerts,
        }
      : { http_code: 200, status_smessage: 'Success', alerts: 'each' },
  );
});

describe('AlertsChoice', () => {
  it('shows the staff member’s choice and changes it to the daily digest', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AlertsChoice />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const each = await screen.findByRole('radio', { name: 'E-mail me about each new client message' });
    expect(each).toBeChecked();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Send me one daily digest' }));
    await user.click(screen.getByRole('button', { name: 'Save alert choice' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.MESSAGE_ALERTS_SAVED);
    expect(api).toHaveBeenLastCalledWith(CALLS.staffMessagesAlerts, { alerts: 'digest' });
    expect(screen.getByRole('radio', { name: 'Send me one daily digest' })).toBeChecked();
  });
});
