import { MantineProvider } from '@mantine/core';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SuccessAlert, useSubmitMessage } from './success-alert.tsx';

describe('SuccessAlert', () => {
  it('announces the message as a status, with its title', () => {
    render(
      <MantineProvider>
        <SuccessAlert title="Message sent" message="Thank you. We will be in touch." />
      </MantineProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Message sent');
    expect(status).toHaveTextContent('Thank you. We will be in touch.');
  });

  it.each([null, undefined, ''])('renders nothing for %j', (message) => {
    render(
      <MantineProvider>
        <SuccessAlert message={message} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('useSubmitMessage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds no message at first, then the one shown, until it is cleared', () => {
    const { result } = renderHook(() => useSubmitMessage());
    expect(result.current.message).toBeNull();
    act(() => result.current.show('Saved.'));
    expect(result.current.message).toBe('Saved.');
    act(() => result.current.clear());
    expect(result.current.message).toBeNull();
  });

  it('keeps show and clear the same between renders', () => {
    const { result, rerender } = renderHook(() => useSubmitMessage());
    const { show, clear } = result.current;
    act(() => show('Saved.'));
    rerender();
    expect(result.current.show).toBe(show);
    expect(result.current.clear).toBe(clear);
  });

  it('runs next once, nextAfterMs after a message shows', () => {
    const next = vi.fn();
    const { result } = renderHook(() => useSubmitMessage({ next, nextAfterMs: 1000 }));
    act(() => vi.advanceTimersByTime(5000));
    expect(next).not.toHaveBeenCalled();

    act(() => result.current.show('Saved.'));
    act(() => vi.advanceTimersByTime(999));
    expect(next).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(next).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('calls the latest next, even when a new one came with a later render', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ next }) => useSubmitMessage({ next, nextAfterMs: 1000 }), {
      initialProps: { next: first },
    });
    act(() => result.current.show('Saved.'));
    act(() => vi.advanceTimersByTime(500));
    rerender({ next: second });
    act(() => vi.advanceTimersByTime(500));
    expect(first).not.toHaveBeenCalled();
    // A new function does not restart the wait.
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('does not run next when the message is cleared first, or when the component goes away', () => {
    const next = vi.fn();
    const { result, unmount } = renderHook(() => useSubmitMessage({ next, nextAfterMs: 1000 }));
    act(() => result.current.show('Saved.'));
    act(() => result.current.clear());
    act(() => vi.advanceTimersByTime(2000));
    expect(next).not.toHaveBeenCalled();

    act(() => result.current.show('Saved again.'));
    unmount();
    act(() => vi.advanceTimersByTime(2000));
    expect(next).not.toHaveBeenCalled();
  });
});
