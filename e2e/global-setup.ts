import { ensureChromium } from './support/chromium.ts';

export default function globalSetup() {
  ensureChromium();
}
