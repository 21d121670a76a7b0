import { CALLS, MESSAGES } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChecklistTemplates } from './checklist-templates.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';
import { api } from '../../../testing/api-mock.ts';

const US = '00000000-0000-4000-8000-000000000001';
const TEMPLATES = [
  {
    template_id: US,
    name: 'US individual',
    items: [
      { type: 'w2', title: 'W-2', person: 'taxpayer', note: 'One per employer', required: true },
      { type: '1099-int', title: 'Bank interest', person: null, note: null, required: false },
    ],
  },
];
const answer = (message: string) => ({
  http_code: 200,
  status_smessage: message,
  message,
  templates: TEMPLATES,
});

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (_call: unknown, body: { action: string }) =>
    answer(body.action === 'list' ? 'Success' : MESSAGES.REQUEST_TEMPLATE_SAVED),
  );
});

function renderTemplates() {
  return renderWithProviders(<ChecklistTemplates />);
}

const bodiesOf = (action: string) =>
  api.mock.calls
    .filter(
      ([call, body]) =>
        call === CALLS.staffRequestsTemplates && (body as { action: string }).action === action,
    )
    .map(([, body]) => body);

describe('ChecklistTemplates', () => {
  it('renames a template, removes a row, adds one and saves every item', async () => {
    renderTemplates();
    await userEvent.click(await screen.findByRole('button', { name: /US individual/ }));
    const form = await screen.findByRole('form', { name: 'Template US individual' });
    const name = within(form).getByLabelText(/Template name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'US individual (W-2)');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove item 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a row' }));
    await userEvent.selectOptions(within(form).getByLabelText('Item 2 type'), 'K-1');
    await userEvent.type(within(form).getByLabelText(/Item 2 title/), 'Partnership K-1');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Item 2 required' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(MESSAGES.REQUEST_TEMPLATE_SAVED);
    expect(bodiesOf('save')).toEqual([
      {
        action: 'save',
        template_id: US,
        name: 'US individual (W-2)',
        items: [
          { type: 'w2', title: 'W-2', person: 'taxpayer', note: 'One per employer', required: true },
          { type: 'k-1', title: 'Partnership K-1', required: false },
        ],
      },
    ]);
  });

  it('refuses a row without a title in the browser', async () => {
    renderTemplates();
    await userEvent.click(await screen.findByRole('button', { name: /New template/ }));
    const form = await screen.findByRole('form', { name: 'New template' });
    await userEvent.type(within(form).getByLabelText(/Template name/), 'Business');
    await userEvent.click(within(form).getByRole('button', { name: 'Create template' }));
    expect(await within(form).findByText(MESSAGES.REQUEST_ITEM_TITLE_REQUIRED)).toBeInTheDocument();
    expect(bodiesOf('save')).toEqual([]);
  });

  it('deletes a template only after confirming', async () => {
    renderTemplates();
    await userEvent.click(await screen.findByRole('button', { name: /US individual/ }));
    const form = await screen.findByRole('form', { name: 'Template US individual' });
    await userEvent.click(within(form).getByRole('button', { name: 'Delete template' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the template "US individual"?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf('delete')).toEqual([]);
    await userEvent.click(within(form).getByRole('button', { name: 'Delete template' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the template "US individual"?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(bodiesOf('delete')).toEqual([{ action: 'delete', template_id: US }]));
  });
});
