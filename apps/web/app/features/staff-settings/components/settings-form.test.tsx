import { MantineProvider } from '@mantine/core';
import { CALLS, DEFAULT_IDLE_DAYS, MESSAGES, type StaffSettingsValues } from '@taxfirm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { testSiteSettings } from '../../../lib/site-settings.fixture.ts';
import { SettingsPage } from './settings-form.tsx';
import { api } from '../../../testing/api-mock.ts';

const stored: StaffSettingsValues = {
  ...testSiteSettings({ firm_name: 'Meridian Tax & Accounting', site_email: 'support@example.com' }),
  first_tax_year: 2021,
  file_number_format: 'TF{YY}-{NNNN}',
  reminder_first_days: 3,
  reminder_every_days: 7,
  reminder_max: 5,
  email_logo_url: '',
  digest_hour: 7,
  invoice_inr_enabled: false,
  invoice_part_payments: false,
  invoice_hold_summary: false,
  idle_days: { ...DEFAULT_IDLE_DAYS },
};

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <SettingsPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  api.mockReset();
});

describe('SettingsPage', () => {
  it('tells a staff member without the admin role that they lack access', async () => {
    api.mockRejectedValue(new ApiError(MESSAGES.FORBIDDEN, { status: 403, code: 'FORBIDDEN' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only an administrator can see and change the site settings.',
    );
    expect(screen.queryByRole('form', { name: 'Site settings' })).toBeNull();
  });

  it('shows every setting in labelled, grouped fields and saves the edited values', async () => {
    api.mockImplementation(async (call: { path: string }, body: unknown) => {
      if (call.path === CALLS.staffSettingsGet.path)
        return { http_code: 200, status_smessage: 'Success', settings: stored };
      return { http_code: 200, status_smessage: MESSAGES.SETTINGS_SAVED, settings: body };
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Site settings' });
    for (const legend of [
      'Firm and contact',
      'Links',
      'Home popup and payments',
      'Tax years and file numbers',
      'Checklist reminders',
      'E-mails',
    ]) {
      expect(within(form).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.getByText(/First number: TF25-0001/)).toBeInTheDocument();
    const firm = screen.getByLabelText(/^Firm name/);
    await userEvent.clear(firm);
    await userEvent.type(firm, 'Northwind Tax');
    await userEvent.type(screen.getByLabelText('Facebook'), 'https://facebook.com/northwind');
    await userEvent.click(screen.getByLabelText('Show the popup on the home page'));
    await userEvent.selectOptions(screen.getByLabelText('Popup type'), 'Advertisement');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.SETTINGS_SAVED);
    const [call, body] = api.mock.calls.at(-1) ?? [];
    expect(call).toBe(CALLS.staffSettingsSave);
    expect(body).toEqual({
      ...stored,
      firm_name: 'Northwind Tax',
      facebook_url: 'https://facebook.com/northwind',
      sitepopupsetting: true,
      popuptype: 2,
    });
  });

  it('edits the checklist reminder schedule with the rest, and shows the server’s message by its field', async () => {
    api.mockImplementation(async (call: { path: string }, body: unknown) => {
      if (call.path === CALLS.staffSettingsGet.path)
        return { http_code: 200, status_smessage: 'Success', settings: stored };
      if ((body as { reminder_max: number }).reminder_max === 20)
        throw new ApiError(MESSAGES.SETTINGS_REMINDER_INVALID, {
          status: 400,
          code: 'VALIDATION_FAILED',
          details: { reminder_every_days: MESSAGES.SETTINGS_REMINDER_INVALID },
        });
      return { http_code: 200, status_smessage: MESSAGES.SETTINGS_SAVED, settings: body };
    });
    renderPage();
    const group = await screen.findByRole('group', { name: 'Checklist reminders' });
    const first = within(group).getByLabelText(/First reminder after \(days\)/);
    expect(first).toHaveValue(3);
    expect(first).toHaveAccessibleDescription('First reminder after N days');
    expect(within(group).getByLabelText(/Then every \(days\)/)).toHaveAccessibleDescription(
      'Then every N days',
    );
    const most = within(group).getByLabelText(/Most reminders/);
    expect(most).toHaveAccessibleDescription('At most N reminders (0 turns them off)');
    await userEvent.clear(first);
    await userEvent.type(first, '5');
    await userEvent.clear(most);
    await userEvent.type(most, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.SETTINGS_SAVED);
    expect(api.mock.calls.at(-1)?.[1]).toEqual({ ...stored, reminder_first_days: 5, reminder_max: 0 });

    // Out of range in the browser: the contract's message, no call.
    const calls = api.mock.calls.length;
    await userEvent.clear(most);
    await userEvent.type(most, '21');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(group).findByText(MESSAGES.SETTINGS_REMINDER_INVALID)).toBeInTheDocument();
    expect(api.mock.calls.length).toBe(calls);

    // Refused by the server: shown by its field.
    await userEvent.clear(most);
    await userEvent.type(most, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(MESSAGES.SETTINGS_REMINDER_INVALID);
    expect(within(group).getByLabelText(/Then every \(days\)/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets the e-mail logo (https only) and the daily digest hour', async () => {
    api.mockImplementation(async (call: { path: string }, body: unknown) => {
      if (call.path === CALLS.staffSettingsGet.path)
        return { http_code: 200, status_smessage: 'Success', settings: stored };
      return { http_code: 200, status_smessage: MESSAGES.SETTINGS_SAVED, settings: body };
    });
    renderPage();
    const group = await screen.findByRole('group', { name: 'E-mails' });
    const logo = within(group).getByLabelText('E-mail logo (https address)');
    const hour = within(group).getByLabelText('Daily digest hour');
    expect(hour).toHaveDisplayValue('7:00 AM');

    await userEvent.type(logo, 'http://cdn.example.com/logo.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(group).findByText(MESSAGES.SETTINGS_LOGO_URL_INVALID)).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);

    await userEvent.clear(logo);
    await userEvent.type(logo, 'https://cdn.example.com/logo.png');
    await userEvent.selectOptions(hour, '2:00 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.SETTINGS_SAVED);
    expect(api.mock.calls.at(-1)?.[1]).toEqual({
      ...stored,
      email_logo_url: 'https://cdn.example.com/logo.png',
      digest_hour: 14,
    });
  });

  it("sends each status's idle threshold, and shows the server's refusal under its status", async () => {
    api.mockImplementation(async (call: { path: string }, body: unknown) => {
      if (call.path === CALLS.staffSettingsGet.path)
        return { http_code: 200, status_smessage: 'Success', settings: stored };
      return { http_code: 200, status_smessage: MESSAGES.SETTINGS_SAVED, settings: body };
    });
    renderPage();
    const review = await screen.findByLabelText('Review Pending (days)');
    expect(review).toHaveValue(DEFAULT_IDLE_DAYS['Review Pending']);
    await userEvent.clear(review);
    await userEvent.type(review, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.SETTINGS_SAVED);
    expect(api.mock.calls.at(-1)?.[1]).toEqual({
      ...stored,
      idle_days: { ...DEFAULT_IDLE_DAYS, 'Review Pending': 3 },
    });

    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffSettingsGet.path)
        return { http_code: 200, status_smessage: 'Success', settings: stored };
      throw new ApiError(MESSAGES.SETTINGS_IDLE_DAYS_INVALID, {
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { 'idle_days.Payment Pending': MESSAGES.SETTINGS_IDLE_DAYS_INVALID },
      });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(MESSAGES.SETTINGS_IDLE_DAYS_INVALID)).toBeInTheDocument();
    expect(screen.getByLabelText('Payment Pending (days)')).toHaveAccessibleDescription(
      MESSAGES.SETTINGS_IDLE_DAYS_INVALID,
    );
  });

  it('keeps the billing switches in the saved settings: a stored "on" stays on, a flipped one is sent', async () => {
    api.mockImplementation(async (call: { path: string }, body: unknown) => {
      if (call.path === CALLS.staffSettingsGet.path)
        return {
          http_code: 200,
          status_smessage: 'Success',
          settings: { ...stored, invoice_part_payments: true },
        };
      return { http_code: 200, status_smessage: MESSAGES.SETTINGS_SAVED, settings: body };
    });
    renderPage();
    const group = await screen.findByRole('group', { name: 'Billing' });
    const inr = within(group).getByRole('switch', { name: /^Invoices in INR/ });
    const part = within(group).getByRole('switch', { name: /^Part payments/ });
    const hold = within(group).getByRole('switch', { name: /^Hold tax summaries until paid/ });
    expect(inr).not.toBeChecked();
    expect(part).toBeChecked();
    expect(hold).not.toBeChecked();

    await userEvent.click(inr);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.SETTINGS_SAVED);
    expect(api.mock.calls.at(-1)?.[1]).toEqual({
      ...stored,
      invoice_inr_enabled: true,
      invoice_part_payments: true,
      invoice_hold_summary: false,
    });
    expect(await axeViolations(group)).toEqual([]);
  });

  it('refuses an http link in the browser with the API’s message, without calling it', async () => {
    api.mockResolvedValue({ http_code: 200, status_smessage: 'Success', settings: stored });
    renderPage();
    await userEvent.type(await screen.findByLabelText('YouTube'), 'http://youtube.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(MESSAGES.SETTINGS_URL_HTTPS)).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s message by its field', async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffSettingsGet.path)
        return { http_code: 200, status_smessage: 'Success', settings: stored };
      throw new ApiError('Refused by the server', {
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { hosted_button_id: 'Refused by the server' },
      });
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Refused by the server')).toBeInTheDocument();
    expect(screen.getByLabelText('Hosted payment button id')).toHaveAttribute('aria-invalid', 'true');
  });
});
