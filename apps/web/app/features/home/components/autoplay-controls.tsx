import { UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { useEffect, useState, type FocusEvent } from 'react';

/**
 * Automatic rotation for a Mantine (Embla) carousel, as WCAG 2.2.2 and the WAI-ARIA carousel pattern ask:
 *
 * - it never starts by itself when the visitor prefers reduced motion (until the visitor presses Play);
 * - it pauses while the pointer is over the slides or keyboard focus is inside them, and resumes after;
 * - the Pause/Play toggle stops and restarts it for good;
 * - while it rotates, the carousel's "Slide n of m" status is not announced (aria-live off).
 *
 * Until the browser says otherwise, motion counts as reduced, so the server-rendered page (and the moment of
 * hydration) never rotates.
 */
export function useCarouselAutoplay(delay: number) {
  const reducedMotion = useReducedMotion(true);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [autoplay] = useState(() =>
    Autoplay({
      delay,
      playOnInit: false,
      // The component decides when to play; the plugin only keeps the timer.
      stopOnInteraction: true,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  );
  const [plugins] = useState(() => [autoplay]);
  const [region, setRegion] = useState<HTMLElement | null>(null);

  const playing = choice ? choice === 'play' : !reducedMotion;
  const rotating = embla !== null && playing && !hovered && !focused;

  useEffect(() => {
    if (!embla) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
    // A swipe stops the plugin's timer; pick up again once the finger lifts, if nothing else holds it.
    if (!rotating) return;
    const resume = () => autoplay.play();
    embla.on('pointerUp', resume);
    return () => {
      embla.off('pointerUp', resume);
    };
  }, [embla, autoplay, rotating]);

  useEffect(() => {
    region?.querySelector('[role="status"]')?.setAttribute('aria-live', rotating ? 'off' : 'polite');
  }, [region, rotating]);

  return {
    /** A callback ref for the element labelled as the carousel; used to reach its status message. */
    setRegion,
    /** Whether the visitor wants rotation (what the toggle shows); it may still be held by hover or focus. */
    playing,
    /** Whether slides are rotating right now. */
    rotating,
    ready: embla !== null,
    toggle: () => setChoice(playing ? 'pause' : 'play'),
    /** Props for the Mantine Carousel: the plugin, the Embla API, and hover/focus pausing on the slides. */
    carouselProps: {
      // The caller's own element, which also holds Pause/Play, is the labelled carousel region; Mantine's root
      // would be a second, unnamed one, so its role and description go (null removes them, undefined would not).
      attributes: { root: { role: null, 'aria-roledescription': null } },
      plugins,
      getEmblaApi: setEmbla,
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLDivElement>) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocused(false);
      },
    },
  };
}

/** The Pause/Play button of a carousel; its name says what pressing it does. */
export function AutoplayToggle({
  playing,
  onToggle,
  className,
}: {
  playing: boolean;
  onToggle: () => void;
  className?: string;
}) {
  const Icon = playing ? IconPlayerPause : IconPlayerPlay;
  return (
    <UnstyledButton
      type="button"
      className={className}
      onClick={onToggle}
      aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
    >
      <Icon size={18} stroke={2} aria-hidden />
    </UnstyledButton>
  );
}
