import { CALLS, MESSAGES, applyFirmChanges, builtInOrganizer } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { OrganizerQuestionsSection } from './organizer-questions-section.tsx';

const BUILT_IN = builtInOrganizer(2025);
/** Version 1: the firm asks whether the client moved to another state, and no longer asks about HSAs. */
const VERSION_1 = applyFirmChanges(
  BUILT_IN,
  {
    off: ['deductions.hsa'],
    questions: [
      {
        sectionId: 'changes',
        id: 'firm_abc123',
        type: 'yesno',
        label: 'Did you move to another state?',
        required: true,
      },
    ],
  },
  1,
);

const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: { off: string[] }) => {
    if (call.path === CALLS.staffOrganizerDefinitionGet.path)
      return { http_code: 200, status_smessage: 'Success', definition: VERSION_1, built_in: BUILT_IN };
    if (call.path === CALLS.staffOrganizerDefinitionSave.path)
      return {
        http_code: 200,
        status_smessage: MESSAGES.ORGANIZER_DEFINITION_SAVED,
        definition: applyFirmChanges(BUILT_IN, { off: body.off, questions: [] }, 2),
        built_in: BUILT_IN,
      };
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('OrganizerQuestionsSection', () => {
  it("shows the version in use, each built-in section and question with a switch, and the firm's own", async () => {
    const { container } = renderWithProviders(<OrganizerQuestionsSection />);
    expect(
      await screen.findByRole('heading', { name: 'Organizer questions, tax year 2025' }),
    ).toBeInTheDocument();
    expect(screen.getByText('In use: version 1.')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Ask the section "Health coverage"' })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'Did you have a health savings account (HSA)?' }),
    ).not.toBeChecked();
    const own = screen.getByRole('table', { name: "The firm's own questions" });
    expect(within(own).getByRole('rowheader')).toHaveTextContent('Did you move to another state?');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('posts `off` with the toggled ids, and the firm questions kept (by id) and added', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OrganizerQuestionsSection />);
    await user.click(await screen.findByRole('switch', { name: 'Ask the section "Health coverage"' }));
    await user.click(screen.getByRole('switch', { name: 'Did you give to charity?' }));
    // HSA back on.
    await user.click(screen.getByRole('switch', { name: 'Did you have a health savings account (HSA)?' }));

    const add = screen.getByRole('form', { name: 'Add a question' });
    await user.selectOptions(within(add).getByLabelText('Section'), 'foreign');
    await user.selectOptions(within(add).getByLabelText('Answer'), 'choice');
    await user.type(within(add).getByLabelText(/^Question/), 'Which Indian bank do you use most?');
    await user.click(within(add).getByRole('button', { name: 'Add the question' }));
    // A choice needs two options at least.
    expect(await within(add).findByText(MESSAGES.ORGANIZER_FIRM_QUESTION_INVALID)).toBeVisible();
    await user.type(within(add).getByLabelText(/^Options, one per line/), 'SBI{Enter}HDFC{Enter}ICICI');
    await user.click(within(add).getByRole('checkbox', { name: /Must be answered/ }));
    await user.click(within(add).getByRole('button', { name: 'Add the question' }));
    const own = screen.getByRole('table', { name: "The firm's own questions" });
    expect(within(own).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(
      await screen.findByText(`${MESSAGES.ORGANIZER_DEFINITION_SAVED} Version 2 is in use.`),
    ).toBeVisible();
    expect(bodiesOf(CALLS.staffOrganizerDefinitionSave)).toEqual([
      {
        taxy: 2025,
        off: ['deductions.charity', 'health'],
        questions: [
          {
            id: 'firm_abc123',
            section_id: 'changes',
            type: 'yesno',
            label: 'Did you move to another state?',
            required: true,
          },
          {
            section_id: 'foreign',
            type: 'choice',
            label: 'Which Indian bank do you use most?',
            required: true,
            choices: ['SBI', 'HDFC', 'ICICI'],
          },
        ],
      },
    ]);
  });

  it('removes a question of the firm from the version saved', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OrganizerQuestionsSection />);
    await user.click(await screen.findByRole('button', { name: 'Remove Did you move to another state?' }));
    expect(screen.queryByRole('table', { name: "The firm's own questions" })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    await screen.findByText(`${MESSAGES.ORGANIZER_DEFINITION_SAVED} Version 2 is in use.`);
    expect(bodiesOf(CALLS.staffOrganizerDefinitionSave)).toEqual([
      { taxy: 2025, off: ['deductions.hsa'], questions: [] },
    ]);
  });
});
