import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_SLIDES } from '../banner-slides.ts';
import { BannerCarousel } from './banner-carousel.tsx';

class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** The setup's matchMedia stub, answering the reduced-motion query as asked. */
function prefersReducedMotion(reduce: boolean) {
  const stub = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...stub(query),
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
  }));
}

function renderBanner() {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <BannerCarousel />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeEach(() => {
  // Embla watches which slides are in view; jsdom has no IntersectionObserver.
  vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  return () => {
    vi.unstubAllGlobals();
  };
});

describe('BannerCarousel', () => {
  it('is a labelled carousel of four labelled slides, each with an h2 and a link', async () => {
    prefersReducedMotion(false);
    renderBanner();
    const region = screen.getByRole('region', { name: 'Featured services' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides).toHaveLength(4);
    for (const [i, slide] of BANNER_SLIDES.entries()) {
      const group = within(region).getByRole('group', { name: `${i + 1} of 4` });
      expect(group).toHaveAttribute('aria-roledescription', 'slide');
      expect(within(group).getByRole('heading', { level: 2 })).toHaveTextContent(slide.title);
      expect(within(group).getByRole('link', { name: slide.cta })).toHaveAttribute('href', slide.href);
    }
    expect(await within(region).findByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
  });

  it('offers Pause when motion is allowed, and the toggle switches to Play', async () => {
    prefersReducedMotion(false);
    renderBanner();
    const region = screen.getByRole('region', { name: 'Featured services' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Pause slideshow' }));
    expect(within(region).getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    expect(region).toHaveAttribute('data-rotating', 'false');
  });

  it('does not rotate when the visitor prefers reduced motion, until Play is pressed', async () => {
    prefersReducedMotion(true);
    renderBanner();
    const region = screen.getByRole('region', { name: 'Featured services' });
    await vi.waitFor(() => expect(region).toHaveAttribute('data-ready', 'true'));
    expect(region).toHaveAttribute('data-rotating', 'false');
    await userEvent.click(within(region).getByRole('button', { name: 'Play slideshow' }));
    expect(within(region).getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });
});
