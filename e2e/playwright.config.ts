import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  // A test may take three minutes. The portal's longer journeys (register, verify, log in, answer the consents,
  // the dashboard, with axe-core on each page) are CPU-bound: on 2026-11-30 the register journey took 26 s
  // alone and 58 s beside a second worker on this two-core machine, and CI's hosts are up to twice as slow
  // again (lint 125-284 s), so a 60 s limit failed journeys whose every step was within its own 10 s. On
  // 2026-11-30 a CI host ran the browser suite in 38.5 minutes (14 on an idle machine): the organizer's journey
  // passed 240 s, so every limit here and in the specs is half as long again as the slowest journey seen.
  timeout: 180_000,
  // An expectation waits up to 10 s (Playwright's default is 5): on CI's two cores, shared with a Vitest run,
  // a server job such as checking an uploaded PDF in the files sandbox once took more than 5 s to answer. An
  // expectation that holds still passes the moment it holds. 20 s since 2026-11-30: on a CI host running 2.7
  // times slower than an idle machine, a signature request (the PDF checked in the sandbox) and a page after a
  // verification link each took more than 10 s.
  expect: { timeout: 20_000 },
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
