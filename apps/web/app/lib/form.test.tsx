import { Button, MantineProvider, TextInput } from '@mantine/core';
import { careersBodySchema, saveEmployersBodySchema, type CareersBody } from '@taxfirm/contract';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from './form.ts';

const EMPTY_CAREERS: CareersBody = {
  firstname: '',
  lastname: '',
  emailaddress: '',
  phoneext: 'US',
  phone: '',
  message: '',
};

type Submitted = { firstname: string; phone: string; phoneext: string };

function CareersProbeForm({ onValid }: { onValid: (v: Submitted) => void }) {
  const form = useContractForm(careersBodySchema, {
    defaultValues: EMPTY_CAREERS,
  });
  const error = (name: keyof CareersBody) => form.formState.errors[name]?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextInput label="First name" {...form.register('firstname')} error={error('firstname')} />
      <TextInput label="Last name" {...form.register('lastname')} error={error('lastname')} />
      <TextInput label="E-mail" {...form.register('emailaddress')} error={error('emailaddress')} />
      <TextInput label="Phone" {...form.register('phone')} error={error('phone')} />
      <TextInput label="Message" {...form.register('message')} error={error('message')} />
      <Button type="submit">Submit</Button>
    </form>
  );
}

function renderForm() {
  const submitted: Submitted[] = [];
  render(
    <MantineProvider>
      <CareersProbeForm onValid={(v) => submitted.push(v)} />
    </MantineProvider>,
  );
  return { submitted };
}

describe('useContractForm', () => {
  it('shows a message once its field is touched, not before', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByText('Firstname is required')).toBeNull();
    await user.click(screen.getByLabelText('First name'));
    await user.tab();
    expect(await screen.findByText('Firstname is required')).toBeVisible();
    expect(screen.queryByText('Lastname is required')).toBeNull();
  });

  it("shows every field's specification message on an invalid submit and submits nothing", async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of [
      'Firstname is required',
      'Lastname is required',
      'Email is required',
      'Phone number is required',
      'Message is required',
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(submitted).toEqual([]);
  });

  it('submits the parsed values: a masked phone becomes its ten digits', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm();
    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Rao');
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    await user.type(screen.getByLabelText('Phone'), '(469)-555-0100');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await expect.poll(() => submitted.length).toBe(1);
    expect(submitted[0]).toMatchObject({ firstname: 'Asha', phone: '4695550100', phoneext: 'US' });
  });

  it("shows 'Phone Number must be 10 digits' for nine digits", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Phone'), '469555010');
    await user.tab();
    expect(await screen.findByText('Phone Number must be 10 digits')).toBeVisible();
  });
});

describe('server field errors', () => {
  it("puts a 400's field messages on the form's fields and leaves the alert for other errors", async () => {
    const { result } = renderHook(() =>
      useContractForm(careersBodySchema, {
        defaultValues: EMPTY_CAREERS,
      }),
    );
    const invalid = new ApiError('Firstname is required', {
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { firstname: 'Firstname is required', not_a_field: 'ignored' },
    });
    act(() => setServerFieldErrors(result.current, invalid));
    await waitFor(() =>
      expect(result.current.getFieldState('firstname').error?.message).toBe('Firstname is required'),
    );
    expect(result.current.getFieldState('lastname').error).toBeUndefined();
    expect(alertError(invalid)).toBeNull();

    const expired = new ApiError('This link expired. Please contact support team for moving forward.', {
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(alertError(expired)).toBe(expired);

    const transport = new ApiError('Something bad happened; please try again later.', {
      status: 0,
      code: 'TRANSPORT',
    });
    expect(alertError(transport)).toBe(transport);
  });

  it('puts messages on fields inside lists, and ignores rows the form does not have', async () => {
    const { result } = renderHook(() =>
      useContractForm(saveEmployersBodySchema, {
        defaultValues: {
          emploerinfo: [{ company_name: 'A', client_name: 'B', proj_start_date: '', proj_end_date: '' }],
        },
      }),
    );
    const invalid = new ApiError('Project start date is required', {
      status: 400,
      code: 'VALIDATION_FAILED',
      details: {
        'emploerinfo.0.proj_start_date': 'Project start date is required',
        'emploerinfo.3.company_name': 'Company name is required',
        'emploerinfo.0.toString': 'not a field',
      },
    });
    act(() => setServerFieldErrors(result.current, invalid));
    await waitFor(() =>
      expect(result.current.getFieldState('emploerinfo.0.proj_start_date').error?.message).toBe(
        'Project start date is required',
      ),
    );
    expect(result.current.getFieldState('emploerinfo.3.company_name').error).toBeUndefined();
  });
});
