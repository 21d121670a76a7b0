import { Button, Container } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { BANNER_SLIDES, type BannerSlide } from '../banner-slides.ts';
import { CarouselFrame } from './carousel-frame.tsx';
import classes from './carousel.module.css';

/** Decorative drawing behind a slide's icon: rings and two stylised tax forms. */
function SlideArt({ icon: Icon }: { icon: BannerSlide['icon'] }) {
  return (
    <div className={classes.art} aria-hidden="true">
      <svg viewBox="0 0 300 300" focusable="false">
        <circle cx="150" cy="150" r="146" fill="#fff" fillOpacity="0.06" />
        <circle
          cx="150"
          cy="150"
          r="120"
          fill="none"
          stroke="#fff"
          strokeOpacity="0.3"
          strokeWidth="1.5"
          strokeDasharray="4 8"
        />
        <circle cx="150" cy="150" r="88" fill="#fff" fillOpacity="0.08" />
        <g transform="rotate(-10 78 96)">
          <rect x="30" y="36" width="96" height="120" rx="12" fill="#fff" fillOpacity="0.95" />
          <rect x="44" y="54" width="44" height="8" rx="4" fill="#14335f" fillOpacity="0.85" />
          <rect x="44" y="74" width="68" height="6" rx="3" fill="#b0c4e6" />
          <rect x="44" y="88" width="60" height="6" rx="3" fill="#b0c4e6" />
          <rect x="44" y="102" width="68" height="6" rx="3" fill="#b0c4e6" />
          <rect x="44" y="124" width="30" height="14" rx="4" fill="#f9ba38" />
        </g>
        <g transform="rotate(8 230 220)">
          <rect x="186" y="168" width="88" height="106" rx="12" fill="#fff" fillOpacity="0.95" />
          <rect x="200" y="186" width="60" height="6" rx="3" fill="#b0c4e6" />
          <rect x="200" y="200" width="48" height="6" rx="3" fill="#b0c4e6" />
          <circle cx="230" cy="240" r="16" fill="#2f9e44" />
          <path
            d="M222 240l6 6 11-12"
            fill="none"
            stroke="#fff"
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
        <circle cx="268" cy="70" r="6" fill="#f9ba38" />
        <circle cx="36" cy="232" r="4" fill="#fff" fillOpacity="0.7" />
        <circle cx="60" cy="262" r="7" fill="#fff" fillOpacity="0.25" />
      </svg>
      <span className={classes.artIcon}>
        <Icon size={56} stroke={1.6} />
      </span>
    </div>
  );
}

/**
 * The home page's banner: four slides, every one in the server HTML, enhanced by the carousel island (rotation
 * every SLIDE_ROTATION_MS, pausing on hover and focus, Pause/Play, Previous and Next, dots).
 */
export function BannerCarousel({ slides = BANNER_SLIDES }: { slides?: readonly BannerSlide[] }) {
  return (
    <Container size="xl" pt={{ base: 'md', md: 'xl' }}>
      <CarouselFrame
        label="Featured services"
        variant="banner"
        withDots
        slides={slides.map((slide) => ({
          key: slide.id,
          content: (
            <div className={classes.bannerSlide} data-tone={slide.tone}>
              <div className={classes.slideBody}>
                <span className={classes.eyebrow}>{slide.eyebrow}</span>
                <h2 className={classes.slideTitle}>{slide.title}</h2>
                <p className={classes.slideText}>{slide.text}</p>
                <Button
                  component="a"
                  href={slide.href}
                  size="md"
                  color="gold.4"
                  c="navy.9"
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                >
                  {slide.cta}
                </Button>
              </div>
              <SlideArt icon={slide.icon} />
            </div>
          ),
        }))}
      />
    </Container>
  );
}
