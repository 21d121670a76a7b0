import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type StaffSummary } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SummariesSection } from './summaries-section.tsx';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const DRAFT = '6c1f9d6f-3b75-4b58-8a4a-0d3f3f1f8b22';
const PUBLISHED = '7d2a0e70-4c86-4c69-9b5b-1e4a4a2a9c33';

const SUMMARIES: StaffSummary[] = [
  {
    summary_id: DRAFT,
    title: '2025 Federal summary',
    file_name: 'summary.pdf',
    size: 4096,
    status: 'draft',
    created_at: '2026-02-01T15:00:00.000Z',
    published_at: null,
  },
  {
    summary_id: PUBLISHED,
    title: '2024 State summary',
    file_name: 'state.pdf',
    size: 4096,
    status: 'published',
    created_at: '2025-02-01T15:00:00.000Z',
    published_at: '2025-02-02T15:00:00.000Z',
  },
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
/** The calls that change something: every call but the list. */
const changes = () => fetchMock.mock.calls.filter(([url]) => url !== '/api/staff/summaries/list');

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/staff/summaries/list') {
      return json({ http_code: 200, status_smessage: 'Success', summaries: SUMMARIES });
    }
    if (url === '/api/staff/summaries/publish') {
      return json({ http_code: 200, status_smessage: MESSAGES.SUMMARY_PUBLISHED });
    }
    if (url === '/api/staff/summaries/delete') {
      return json({ http_code: 200, status_smessage: MESSAGES.SUMMARY_DELETED });
    }
    throw new Error(`unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  renderWithProviders(<SummariesSection clientId={CLIENT} clientName="Priya Shah" />);
}

const PUBLISH = {
  button: 'Publish 2025 Federal summary',
  dialog: "Publish '2025 Federal summary' to Priya Shah?",
};
const DELETE = {
  button: 'Delete 2025 Federal summary',
  dialog: "Delete '2025 Federal summary' of Priya Shah?",
};

/** Renders the section, presses the action's button and answers the dialog it opens (found by its name). */
async function openDialog(action: { button: string; dialog: string }) {
  const user = userEvent.setup();
  renderSection();
  await user.click(await screen.findByRole('button', { name: action.button }));
  return { user, dialog: await screen.findByRole('dialog', { name: action.dialog }) };
}

/** The changing calls sent, with their bodies. */
const sentBodies = () =>
  changes().map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

describe('SummariesSection', () => {
  it('asks before publishing, naming the summary, its file and the client, and publishes only when confirmed', async () => {
    const { user, dialog } = await openDialog(PUBLISH);
    expect(dialog).toHaveAccessibleDescription(
      "Priya Shah sees summary.pdf in the portal's Tax Summary page at once and is e-mailed that it is ready for review. A published summary cannot go back to draft.",
    );
    expect(changes()).toEqual([]);
    expect(await axeViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Publish summary' }));
    expect(await screen.findByText(MESSAGES.SUMMARY_PUBLISHED)).toBeInTheDocument();
    expect(sentBodies()).toEqual([['/api/staff/summaries/publish', { summary_id: DRAFT }]]);
  });

  it('sends nothing when publishing is cancelled', async () => {
    const { user, dialog } = await openDialog(PUBLISH);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);
    expect(screen.queryByText(MESSAGES.SUMMARY_PUBLISHED)).toBeNull();
  });

  it('F-12: offers Delete on a draft only; a published summary stays on record', async () => {
    renderSection();
    expect(await screen.findByRole('button', { name: 'Delete 2025 Federal summary' })).toBeVisible();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete 2024 State summary' })).toBeNull();
  });

  it('asks before deleting, with Cancel focused, and deletes only when confirmed', async () => {
    const { user, dialog } = await openDialog(DELETE);
    expect(dialog).toHaveAccessibleDescription('The draft and its file summary.pdf are deleted for good.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(changes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete summary' }));
    expect(await screen.findByText(MESSAGES.SUMMARY_DELETED)).toBeInTheDocument();
    expect(sentBodies()).toEqual([['/api/staff/summaries/delete', { summary_id: DRAFT }]]);
  });

  it('sends nothing when a delete is cancelled with Escape', async () => {
    const { user, dialog } = await openDialog(DELETE);
    expect(dialog).toHaveAccessibleDescription('The draft and its file summary.pdf are deleted for good.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);
  });
});
