import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useContractForm } from '../../lib/form.ts';
import { FormTextField } from './form-text-field.tsx';

const schema = z.object({
  name: z.string().min(1, 'Please enter a name'),
  rows: z.array(z.object({ city: z.string().min(1, 'Please enter a city') })),
});

function Form({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useContractForm(schema, { defaultValues: { name: '', rows: [{ city: '' }] } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Test">
      <FormTextField form={form} name="name" label="Name" description="As on your ID." withAsterisk />
      <FormTextField form={form} name="rows.0.city" label="City" />
      <button type="submit">Submit</button>
    </form>
  );
}

describe('FormTextField', () => {
  it('binds the field to the form and shows its message, nested names too', async () => {
    const onValid = vi.fn();
    render(
      <MantineProvider>
        <Form onValid={onValid} />
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a city')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(/Please enter a name/);
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Asha');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Plano');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Asha', rows: [{ city: 'Plano' }] }, expect.anything());
    expect(screen.queryByText('Please enter a name')).toBeNull();
    expect(screen.queryByText('Please enter a city')).toBeNull();
  });
});
