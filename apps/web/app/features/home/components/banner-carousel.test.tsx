import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BANNER_SLIDES } from '../banner-slides.ts';
import { BannerCarousel } from './banner-carousel.tsx';

function renderBanner() {
  return render(
    <MantineProvider>
      <BannerCarousel />
    </MantineProvider>,
  );
}

describe('BannerCarousel (server HTML)', () => {
  it('is a labelled carousel of four labelled slides, each with an h2 and a link', () => {
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
  });

  it('is handed to the carousel island, with its controls and the rotation delay in the markup', () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'Featured services' });
    expect(region).toHaveAttribute('data-island', 'carousel');
    expect(region).toHaveAttribute('data-delay', '2000');
    // Until the island runs, nothing rotates and the controls (which need it) are hidden by the stylesheet.
    expect(region).toHaveAttribute('data-ready', 'false');
    for (const name of ['Play slideshow', 'Previous slide', 'Next slide']) {
      expect(within(region).getByRole('button', { name })).toHaveAttribute('type', 'button');
    }
    expect(within(region).getByRole('status')).toBeEmptyDOMElement();
  });
});
