import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsentRecordSection } from './consent-record.tsx';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

function show(consents: Parameters<typeof ConsentRecordSection>[0]['consents']) {
  render(
    <MantineProvider>
      <ConsentRecordSection consents={consents} />
    </MantineProvider>,
  );
  const list = screen.getByRole('table', { name: 'Consents' });
  // The row whose label cell reads exactly `label`; what follows the label is its value.
  return (label: string) => {
    const row = within(list)
      .getAllByRole('row')
      .find((r) => within(r).queryByText(label, { exact: true }));
    if (!row) throw new Error(`no row ${label}`);
    return row.textContent.slice(label.length);
  };
}

describe('ConsentRecordSection (the consent record on the client file)', () => {
  it('shows when, from which IP address and browser the terms and the §7216 answer were given', () => {
    const value = show({
      offshore_state: 'yes',
      offshore: {
        version: '7216-offshore-2026-11',
        granted: true,
        signature: 'Asha Rao',
        at: '2026-11-20T15:04:00.000Z',
        expires_at: '2027-11-20T15:04:00.000Z',
        ip: '198.51.100.23',
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
      },
      terms: {
        version: 'terms-2026-11',
        granted: true,
        signature: null,
        at: '2026-11-02T09:30:00.000Z',
        expires_at: null,
        ip: '203.0.113.7',
        user_agent: UA,
      },
    });
    expect(value('Terms accepted')).toContain('terms-2026-11');
    expect(value('Terms accepted from IP address')).toBe('203.0.113.7');
    expect(value('Terms accepted in browser')).toBe(UA);
    expect(value('Answered from IP address')).toBe('198.51.100.23');
    expect(value('Answered in browser')).toBe('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)');
    expect(value('Signed as')).toBe('Asha Rao');
  });

  it('says the terms were not recorded, and shows no evidence, when there is no record', () => {
    const value = show({ offshore_state: 'unanswered', offshore: null, terms: null });
    expect(value('Terms accepted')).toBe('Not recorded');
    expect(value('Terms accepted from IP address')).not.toMatch(/\d/);
    expect(value('Answered from IP address')).not.toMatch(/\d/);
  });
});
