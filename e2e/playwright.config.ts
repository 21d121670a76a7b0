import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  // A test may take a minute: on a slower two-core host (2026-11-29: lint 284 s where it took 125 s) the portal's
  // longer journeys (register, verify, log in, answer the consents, the dashboard) passed 30 s while every step
  // was still within its own 10 s expectation.
  timeout: 60_000,
  // An expectation waits up to 10 s (Playwright's default is 5): on CI's two cores, shared with a Vitest run,
  // a server job such as checking an uploaded PDF in the files sandbox once took more than 5 s to answer. An
  // expectation that holds still passes the moment it holds.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
  ],
});
