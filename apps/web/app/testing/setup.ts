import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type * as ApiClientModule from '../lib/api-client.ts';
import { api } from './mocked-api.ts';

// One stand-in for the API in every web test file (testing/api-mock.ts): the real module with `api` replaced. Every
// file sees the same mock, so files can share one module graph (vitest.config.ts, project web-shared).
vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  api: (await import('./mocked-api.ts')).api,
}));

// `findBy…` and `waitFor` wait up to 5 s (Testing Library's default is 1 s): a page's first paint after its mocked
// answer can take longer than 1 s while CI's two Vitest runs share two cores.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs that jsdom lacks (tests of plain modules may run in node instead).
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverPolyfill {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverPolyfill;
  // Textarea's autosize listens for web fonts loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
}

// Each test starts with the mock calling the real `api`, and no calls recorded.
beforeEach(async () => {
  const real = await vi.importActual<typeof ApiClientModule>('../lib/api-client.ts');
  api.mockReset();
  api.mockImplementation(real.api);
});

// Tests fail on any unexpected console.error or console.warn.
beforeEach(() => {
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(`Unexpected console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
