/**
 * The carousel island (ADR 021): enhances a carousel the server rendered with every slide in a scroll-snap row
 * (features/home/components/carousel-frame.tsx). Embla (core + autoplay, vanilla, about 8 KB gzipped) moves
 * the slides; this module adds the rules the page had under React, as WCAG 2.2.2 and the WAI-ARIA carousel
 * pattern ask:
 *
 * - rotation every `data-delay` ms, never started by itself when the visitor prefers reduced motion;
 * - held while the pointer is over the slides or keyboard focus is inside them, resumed after;
 * - Pause/Play stops and restarts it for good (its name says what pressing it does);
 * - Previous, Next and the arrow, Home and End keys move the slides;
 * - a "Slide n of m" status, not announced (aria-live off) while the slides rotate by themselves.
 *
 * Embla measures the slides when it starts (a forced layout) and that cost lands on the page's start-up
 * (Lighthouse's Total Blocking Time), so `enhance` only starts a carousel once it comes near the viewport and
 * the browser is idle after that, or at once when the visitor reaches it first (a pointer over it, or focus).
 * Until then the server's scroll-snap row works by itself.
 */
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** How far outside the viewport a carousel starts, so it is ready before it scrolls into view. */
const NEAR_VIEWPORT = '200px';
/** The longest an idle start waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, 1);
}

/** Starts the carousel when it is near the viewport and the browser is idle, or when the visitor reaches it. */
export function enhance(region: HTMLElement): void {
  let started = false;
  const observers: IntersectionObserver[] = [];
  const startNow = () => {
    if (started) return;
    started = true;
    for (const observer of observers) observer.disconnect();
    region.removeEventListener('pointerover', startNow);
    region.removeEventListener('focusin', startNow);
    start(region);
  };
  region.addEventListener('pointerover', startNow);
  region.addEventListener('focusin', startNow);
  if (typeof IntersectionObserver !== 'function') {
    whenIdle(startNow);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      whenIdle(startNow);
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  observers.push(observer);
  observer.observe(region);
}

function part<T extends HTMLElement = HTMLElement>(root: HTMLElement, name: string): T | null {
  return root.querySelector<T>(`[data-carousel="${name}"]`);
}

/** Starts the carousel's embla and its controls now. */
export function start(region: HTMLElement): EmblaCarouselType | undefined {
  const viewport = part(region, 'viewport');
  const stage = part(region, 'stage');
  if (!viewport || !stage) return undefined;
  const toggle = part<HTMLButtonElement>(region, 'toggle');
  const status = part(region, 'status');
  const dots = [...region.querySelectorAll<HTMLElement>('[data-carousel="dot"]')];

  const delay = Number(region.dataset['delay']) || 5000;
  const autoplay = Autoplay({
    delay,
    playOnInit: false,
    // This module decides when to play; the plugin only keeps the timer (a swipe stops it).
    stopOnInteraction: true,
    stopOnMouseEnter: false,
    stopOnFocusIn: false,
  });
  const embla = EmblaCarousel(
    viewport,
    { loop: true, align: region.dataset['align'] === 'start' ? 'start' : 'center' },
    [autoplay],
  );

  const motion = window.matchMedia(REDUCED_MOTION);
  let choice: 'play' | 'pause' | null = null;
  // Started by the visitor's pointer or focus, the carousel is already held by it.
  let hovered = stage.matches(':hover');
  let focused = stage.contains(document.activeElement);

  const isPlaying = () => (choice ? choice === 'play' : !motion.matches);

  function update() {
    const playing = isPlaying();
    const rotating = playing && !hovered && !focused;
    if (rotating) autoplay.play();
    else autoplay.stop();
    region.dataset['rotating'] = String(rotating);
    status?.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (toggle) {
      toggle.dataset['playing'] = String(playing);
      toggle.setAttribute('aria-label', playing ? 'Pause slideshow' : 'Play slideshow');
    }
  }

  function select() {
    const index = embla.selectedScrollSnap();
    if (status) status.textContent = `Slide ${index + 1} of ${embla.scrollSnapList().length}`;
    dots.forEach((dot, i) => dot.toggleAttribute('data-active', i === index));
  }

  toggle?.addEventListener('click', () => {
    choice = isPlaying() ? 'pause' : 'play';
    update();
  });
  part(region, 'previous')?.addEventListener('click', () => embla.scrollPrev());
  part(region, 'next')?.addEventListener('click', () => embla.scrollNext());

  region.addEventListener(
    'keydown',
    (event) => {
      const moves: Record<string, () => void> = {
        ArrowRight: () => embla.scrollNext(),
        ArrowLeft: () => embla.scrollPrev(),
        Home: () => embla.scrollTo(0),
        End: () => embla.scrollTo(embla.scrollSnapList().length - 1),
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      move();
    },
    { capture: true },
  );

  stage.addEventListener('mouseenter', () => {
    hovered = true;
    update();
  });
  stage.addEventListener('mouseleave', () => {
    hovered = false;
    update();
  });
  stage.addEventListener('focusin', () => {
    focused = true;
    update();
  });
  stage.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (next instanceof Node && stage.contains(next)) return;
    focused = false;
    update();
  });
  motion.addEventListener('change', update);

  embla.on('select', select);
  // A swipe stops the plugin's timer; pick up again once the finger lifts, if nothing else holds it.
  embla.on('pointerUp', update);

  // The row no longer scrolls by itself: Previous/Next and the arrow keys move it, so it leaves the Tab order.
  viewport.removeAttribute('tabindex');
  select();
  update();
  region.dataset['ready'] = 'true';
  return embla;
}
