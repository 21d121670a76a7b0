import { afterEach, vi } from 'vitest';

// A test that makes the server print an unexpected warning or error fails.
afterEach(() => {
  vi.restoreAllMocks();
});
