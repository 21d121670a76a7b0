import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ProfileRightsContext } from './profile-rights.ts';
import { SsnValue } from './ssn-value.tsx';

describe('SsnValue', () => {
  it('offers Show to whoever may reveal (the holder, by default)', () => {
    renderWithProviders(<SsnValue masked="***-**-6789" which={{ section: 'taxpayer' }} owner="your" />);
    expect(screen.getByText('***-**-6789')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Show/ })).toBeVisible();
  });

  it('shows a household delegate the masked number only (issue 38)', () => {
    renderWithProviders(
      <ProfileRightsContext value={{ canReveal: false, canEdit: false }}>
        <SsnValue masked="***-**-6789" which={{ section: 'taxpayer' }} owner="your" />
      </ProfileRightsContext>,
    );
    expect(screen.getByText('***-**-6789')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
