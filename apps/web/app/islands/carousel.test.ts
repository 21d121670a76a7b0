import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel } from '../features/home/components/banner-carousel.tsx';
import { enhance, start } from './carousel.ts';

const WIDTH = 800;
const DELAY = 2000;

class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** jsdom lays nothing out: give the viewport and each slide a width, as the browser would. */
function layOut() {
  const offset = (name: 'offsetWidth' | 'offsetLeft', get: (el: HTMLElement) => number) =>
    vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
      return get(this);
    });
  // A slide is labelled "n of m".
  const slideIndex = (el: HTMLElement) =>
    el.getAttribute('role') === 'group' ? Number(el.getAttribute('aria-label')?.split(' ')[0]) - 1 : -1;
  // The viewport, the row and every slide are one viewport wide; slide i starts at i viewports.
  offset('offsetWidth', () => WIDTH);
  offset('offsetLeft', (el) => Math.max(0, slideIndex(el)) * WIDTH);
}

function prefersReducedMotion(reduce: boolean) {
  const stub = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...stub(query),
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
  }));
}

/** The banner as the server renders it. */
function serverBanner() {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(BannerCarousel)),
  );
  return screen.getByRole('region', { name: 'Featured services' });
}

/** The banner as the server renders it, started by the island. */
function banner() {
  const region = serverBanner();
  start(region);
  return region;
}

const status = (region: HTMLElement) => within(region).getByRole('status');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  layOut();
  return () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('carousel island', () => {
  it('marks the carousel ready and announces the first of the four slides', () => {
    prefersReducedMotion(false);
    const region = banner();
    expect(region).toHaveAttribute('data-ready', 'true');
    expect(status(region)).toHaveTextContent('Slide 1 of 4');
    expect(within(region).getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('takes the scrolling row out of the Tab order, which the server put there for visitors without it', () => {
    prefersReducedMotion(true);
    document.body.innerHTML = renderToStaticMarkup(
      createElement(MantineProvider, null, createElement(BannerCarousel)),
    );
    const region = screen.getByRole('region', { name: 'Featured services' });
    // eslint-disable-next-line testing-library/no-node-access -- the row is a plain <div>, with no role.
    const viewport = region.querySelector('[data-carousel="viewport"]');
    expect(viewport).toHaveAttribute('tabindex', '0');
    start(region);
    expect(viewport).not.toHaveAttribute('tabindex');
  });

  it('rotates by itself when motion is allowed, silently, and Pause stops it for good', async () => {
    prefersReducedMotion(false);
    const region = banner();
    expect(region).toHaveAttribute('data-rotating', 'true');
    expect(status(region)).toHaveAttribute('aria-live', 'off');
    await vi.advanceTimersByTimeAsync(DELAY + 50);
    expect(status(region)).toHaveTextContent('Slide 2 of 4');

    await userEvent.click(within(region).getByRole('button', { name: 'Pause slideshow' }));
    expect(region).toHaveAttribute('data-rotating', 'false');
    expect(status(region)).toHaveAttribute('aria-live', 'polite');
    await vi.advanceTimersByTimeAsync(DELAY * 3);
    expect(status(region)).toHaveTextContent('Slide 2 of 4');
    expect(within(region).getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  it('does not rotate when the visitor prefers reduced motion, until Play is pressed', async () => {
    prefersReducedMotion(true);
    const region = banner();
    expect(region).toHaveAttribute('data-rotating', 'false');
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(status(region)).toHaveTextContent('Slide 1 of 4');
    await userEvent.click(within(region).getByRole('button', { name: 'Play slideshow' }));
    expect(within(region).getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
    expect(region).toHaveAttribute('data-rotating', 'true');
    await vi.advanceTimersByTimeAsync(DELAY + 50);
    expect(status(region)).toHaveTextContent('Slide 2 of 4');
  });

  it('Previous and Next move one slide, wrapping round, and the dots follow', async () => {
    prefersReducedMotion(true);
    const region = banner();
    await userEvent.click(within(region).getByRole('button', { name: 'Previous slide' }));
    expect(status(region)).toHaveTextContent('Slide 4 of 4');
    await userEvent.click(within(region).getByRole('button', { name: 'Next slide' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Next slide' }));
    expect(status(region)).toHaveTextContent('Slide 2 of 4');
    // The dots are decorative (aria-hidden): no role reaches them.
    // eslint-disable-next-line testing-library/no-node-access
    const dots = region.querySelectorAll('[data-carousel="dot"]');
    expect([...dots].map((d) => d.hasAttribute('data-active'))).toEqual([false, true, false, false]);
  });

  it('the arrow keys, Home and End move the slides while focus is inside', async () => {
    prefersReducedMotion(true);
    const region = banner();
    within(region).getByRole('button', { name: 'Next slide' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(status(region)).toHaveTextContent('Slide 2 of 4');
    await userEvent.keyboard('{End}');
    expect(status(region)).toHaveTextContent('Slide 4 of 4');
    await userEvent.keyboard('{ArrowLeft}');
    expect(status(region)).toHaveTextContent('Slide 3 of 4');
    await userEvent.keyboard('{Home}');
    expect(status(region)).toHaveTextContent('Slide 1 of 4');
  });

  it('holds the rotation while focus or the pointer is on the slides, and resumes after', async () => {
    prefersReducedMotion(false);
    const region = banner();
    const toggle = within(region).getByRole('button', { name: 'Pause slideshow' });
    const next = within(region).getByRole('button', { name: 'Next slide' });
    next.focus();
    expect(region).toHaveAttribute('data-rotating', 'false');
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(status(region)).toHaveTextContent('Slide 1 of 4');
    // Pause/Play sits outside the slides: focusing it lets the slides rotate again.
    toggle.focus();
    expect(region).toHaveAttribute('data-rotating', 'true');
    expect(within(region).getByRole('button', { name: 'Pause slideshow' })).toBe(toggle);

    const slide = within(region).getByRole('group', { name: '1 of 4' });
    await userEvent.hover(slide);
    expect(region).toHaveAttribute('data-rotating', 'false');
    await userEvent.unhover(slide);
    expect(region).toHaveAttribute('data-rotating', 'true');
  });
});

describe('carousel island start-up', () => {
  /** An IntersectionObserver whose entries the test reports. */
  function observeByHand() {
    const observers: { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] =
      [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly record;
        constructor(callback: IntersectionObserverCallback) {
          this.record = { callback, targets: [] as Element[], disconnected: false };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.targets.push(target);
        }
        unobserve() {}
        disconnect() {
          this.record.disconnected = true;
        }
        takeRecords() {
          return [];
        }
      },
    );
    return (target: Element, isIntersecting: boolean) => {
      for (const o of observers.filter((o) => !o.disconnected && o.targets.includes(target))) {
        o.callback([{ target, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    };
  }

  /** requestIdleCallback whose callbacks the test runs. */
  function idleByHand() {
    const pending: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => pending.push(run));
    return () => pending.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 10 }));
  }

  it('starts only once the carousel is near the viewport and the browser is idle', () => {
    prefersReducedMotion(false);
    const report = observeByHand();
    const runIdle = idleByHand();
    const region = serverBanner();
    enhance(region);
    runIdle();
    expect(region).toHaveAttribute('data-ready', 'false');
    report(region, false);
    runIdle();
    expect(region).toHaveAttribute('data-ready', 'false');
    report(region, true);
    expect(region).toHaveAttribute('data-ready', 'false');
    runIdle();
    expect(region).toHaveAttribute('data-ready', 'true');
    expect(status(region)).toHaveTextContent('Slide 1 of 4');
    // Once only: later reports change nothing.
    report(region, true);
    runIdle();
    expect(within(region).getAllByRole('button', { name: 'Pause slideshow' })).toHaveLength(1);
  });

  it('starts at once, held, when keyboard focus reaches it first', async () => {
    prefersReducedMotion(false);
    observeByHand();
    idleByHand();
    const region = serverBanner();
    enhance(region);
    within(region).getByRole('button', { name: 'Next slide' }).focus();
    expect(region).toHaveAttribute('data-ready', 'true');
    // Focus is inside the slides: the rotation waits for it to leave.
    expect(region).toHaveAttribute('data-rotating', 'false');
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(status(region)).toHaveTextContent('Slide 1 of 4');
  });

  it('starts at once when the pointer reaches it first', async () => {
    prefersReducedMotion(false);
    observeByHand();
    idleByHand();
    const region = serverBanner();
    enhance(region);
    await userEvent.hover(within(region).getByRole('group', { name: '1 of 4' }));
    expect(region).toHaveAttribute('data-ready', 'true');
  });
});
