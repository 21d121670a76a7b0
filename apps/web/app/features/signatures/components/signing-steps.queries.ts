import { screen, within } from '@testing-library/react';

/** The titles of the signing page's steps, in order, once the list of steps shows (for the page tests). */
export async function stepTitles() {
  const steps = await screen.findByRole('list', { name: 'Steps to sign' });
  return within(steps)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
}
