import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Box, Button, Container } from '@mantine/core';
import { IconArrowRight, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { SLIDE_ROTATION_MS } from '@taxfirm/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { BANNER_SLIDES, type BannerSlide } from '../banner-slides.ts';
import { AutoplayToggle, useCarouselAutoplay } from './autoplay-controls.tsx';
import classes from './carousel.module.css';

const EMBLA_OPTIONS = { loop: true } as const;

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
 * The home page's banner: four slides that rotate every SLIDE_ROTATION_MS, pausing on hover and focus, with
 * Pause/Play, Previous and Next controls. Every slide is in the server-rendered HTML.
 */
export function BannerCarousel({ slides = BANNER_SLIDES }: { slides?: readonly BannerSlide[] }) {
  const { setRegion, playing, rotating, ready, toggle, carouselProps } =
    useCarouselAutoplay(SLIDE_ROTATION_MS);
  const [selected, setSelected] = useState(0);
  return (
    <Container size="xl" pt={{ base: 'md', md: 'xl' }}>
      <Box
        component="section"
        ref={setRegion}
        aria-roledescription="carousel"
        aria-label="Featured services"
        className={`${classes.region} ${classes.banner}`}
        data-ready={ready ? 'true' : 'false'}
        data-rotating={rotating ? 'true' : 'false'}
      >
        <div className={classes.bannerToolbar}>
          <AutoplayToggle playing={playing} onToggle={toggle} className={classes.control} />
          <div className={classes.dots} aria-hidden="true">
            {slides.map((s, i) => (
              <span key={s.id} className={classes.dot} data-active={i === selected || undefined} />
            ))}
          </div>
        </div>
        <Carousel
          emblaOptions={EMBLA_OPTIONS}
          controlSize={40}
          classNames={{ controls: classes.bannerControls, control: classes.control }}
          previousControlIcon={<IconChevronLeft size={20} aria-hidden />}
          nextControlIcon={<IconChevronRight size={20} aria-hidden />}
          onSlideChange={setSelected}
          {...carouselProps}
        >
          {slides.map((slide, i) => (
            <Carousel.Slide key={slide.id} aria-label={`${i + 1} of ${slides.length}`}>
              <div className={classes.slide} data-tone={slide.tone}>
                <div className={classes.slideBody}>
                  <span className={classes.eyebrow}>{slide.eyebrow}</span>
                  <h2 className={classes.slideTitle}>{slide.title}</h2>
                  <p className={classes.slideText}>{slide.text}</p>
                  <Button
                    component={Link}
                    to={slide.href}
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
            </Carousel.Slide>
          ))}
        </Carousel>
      </Box>
    </Container>
  );
}
