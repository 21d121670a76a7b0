import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@taxfirm/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { HIDE_AFTER_MS, IdentityNumber } from './identity-number.tsx';

function renderNumber(props: Partial<Parameters<typeof IdentityNumber>[0]> = {}) {
  const reveal = vi.fn(async () => '123-45-6789');
  const onHide = vi.fn();
  render(
    <MantineProvider>
      <IdentityNumber
        masked="•••-••-6789"
        owner="the taxpayer's"
        reveal={reveal}
        onHide={onHide}
        {...props}
      />
    </MantineProvider>,
  );
  return { reveal, onHide };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('IdentityNumber', () => {
  it('shows the masked number until Reveal, then the full number, and the mask again after Hide', async () => {
    const { reveal, onHide } = renderNumber();
    expect(screen.getByText('•••-••-6789')).toBeInTheDocument();
    expect(reveal).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" }));
    expect(await screen.findByText('123-45-6789')).toBeInTheDocument();
    expect(screen.queryByText('•••-••-6789')).toBeNull();
    expect(reveal).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: "Hide the taxpayer's SSN/ITIN" }));
    expect(screen.queryByText('123-45-6789')).toBeNull();
    expect(screen.getByText('•••-••-6789')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" })).toBeInTheDocument();
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('says Show instead of Reveal when asked to (the client’s own profile)', async () => {
    renderNumber({ owner: 'your', verb: 'Show' });
    const show = screen.getByRole('button', { name: 'Show your SSN/ITIN' });
    expect(show).toHaveTextContent('Show');
    await userEvent.click(show);
    expect(await screen.findByRole('button', { name: 'Hide your SSN/ITIN' })).toHaveTextContent('Hide');
  });

  it('keeps the button busy while the server answers', async () => {
    let answer: (value: string) => void = () => {};
    renderNumber({ reveal: () => new Promise<string>((resolve) => (answer = resolve)) });
    const button = screen.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading', 'true');
    await act(async () => answer('123-45-6789'));
    expect(screen.getByText('123-45-6789')).toBeInTheDocument();
  });

  it('shows a refusal’s message, keeps the mask, and clears the message on the next try', async () => {
    const reveal = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('You cannot see this number.', { status: 403, code: 'FORBIDDEN' }))
      .mockResolvedValueOnce('123-45-6789');
    renderNumber({ reveal });
    await userEvent.click(screen.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot see this number.');
    expect(screen.getByText('•••-••-6789')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" }));
    expect(await screen.findByText('123-45-6789')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the generic failure text when the server cannot be reached', async () => {
    renderNumber({ reveal: () => Promise.reject(new TypeError('Failed to fetch')) });
    await userEvent.click(screen.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.TRANSPORT_ERROR);
  });

  it('hides the number again by itself after a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { onHide } = renderNumber();
    await userEvent.click(screen.getByRole('button', { name: "Reveal the taxpayer's SSN/ITIN" }));
    expect(await screen.findByText('123-45-6789')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(HIDE_AFTER_MS - 1_000));
    expect(screen.getByText('123-45-6789')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('123-45-6789')).toBeNull();
    expect(screen.getByText('•••-••-6789')).toBeInTheDocument();
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
