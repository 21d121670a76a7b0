import { VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { SLIDE_ROTATION_MS } from '@taxfirm/contract';
import type { ReactNode } from 'react';
import classes from './carousel.module.css';

export type CarouselSlideItem = { key: string; content: ReactNode };

/**
 * A carousel as server HTML (ADR 021): every slide is in the page, in a scroll-snap row that works without
 * JavaScript (swipe, scroll, Tab to each slide's link). The `carousel` island (islands/carousel.ts) then adds
 * what needs a script: Previous/Next, Pause/Play, rotation every SLIDE_ROTATION_MS with the WCAG 2.2.2 pause
 * rules, the arrow keys, the "Slide n of m" status and the dots. Its controls stay hidden until it runs.
 */
export function CarouselFrame({
  label,
  slides,
  variant,
  align = 'center',
  as: Root = 'section',
  withDots = false,
}: {
  label: string;
  slides: readonly CarouselSlideItem[];
  /** The banner (one slide in view, controls over it) or the testimonials (cards, controls under them). */
  variant: 'banner' | 'testimonials';
  /** Where the selected slide sits in the viewport (Embla's `align`). */
  align?: 'start' | 'center';
  as?: 'section' | 'div';
  withDots?: boolean;
}) {
  return (
    <Root
      // A <div> needs the role; a <section> with a name is already a region.
      role={Root === 'div' ? 'region' : undefined}
      aria-roledescription="carousel"
      aria-label={label}
      className={`${classes.region} ${classes[variant]}`}
      data-island="carousel"
      data-delay={SLIDE_ROTATION_MS}
      data-align={align}
      data-ready="false"
      data-rotating="false"
    >
      <div className={`${classes.toolbar} ${classes.scripted}`}>
        <button type="button" className={classes.control} data-carousel="toggle" aria-label="Play slideshow">
          <IconPlayerPause size={18} stroke={2} aria-hidden className={classes.pauseIcon} />
          <IconPlayerPlay size={18} stroke={2} aria-hidden className={classes.playIcon} />
        </button>
        {withDots && (
          <div className={classes.dots} aria-hidden="true">
            {slides.map((s, i) => (
              <span
                key={s.key}
                className={classes.dot}
                data-carousel="dot"
                data-active={i === 0 || undefined}
              />
            ))}
          </div>
        )}
      </div>
      {/* Hovering or focusing anything in here holds the rotation (Pause/Play, above, does not). */}
      <div className={classes.stage} data-carousel="stage">
        {/* Filled by the island: without a script there is no slide change to announce. */}
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-carousel="status" />
        <div className={`${classes.controls} ${classes.scripted}`}>
          <button
            type="button"
            className={classes.control}
            data-carousel="previous"
            aria-label="Previous slide"
          >
            <IconChevronLeft size={20} aria-hidden />
          </button>
          <button type="button" className={classes.control} data-carousel="next" aria-label="Next slide">
            <IconChevronRight size={20} aria-hidden />
          </button>
        </div>
        {/* Focusable so that a keyboard can scroll the row without a script (reviews hold no link). */}
        <div className={classes.viewport} data-carousel="viewport" tabIndex={0}>
          <div className={classes.container}>
            {slides.map((slide, i) => (
              <div
                key={slide.key}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                className={classes.slide}
              >
                {slide.content}
              </div>
            ))}
          </div>
        </div>
      </div>
    </Root>
  );
}
