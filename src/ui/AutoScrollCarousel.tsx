// A row of cards that scrolls by itself (docs/requirements.md#auto-scroll-carousel: speed 1.5 px per frame, gap 15 px, card
// width 300 px). It pauses while hovered or while focus is inside, has a visible pause/play button
// (WCAG 2.2.2), goes back to the start when the window is resized (the loop length changes with the
// layout), and never moves under prefers-reduced-motion.
//
// The row is a real scroll container, so a focused card is scrolled into view by the browser and
// touch or trackpad scrolling works. The cards are rendered twice so the loop is seamless; the copy
// is aria-hidden and inert, so keyboard and screen-reader users meet each card once.
import { useEffect, useRef, useState } from 'react';
import type { FocusEvent, ReactNode } from 'react';
import { PlayPauseIcon } from './RotatingText';
import { colors, fontSizes, radii, space } from './theme';
import { usePrefersReducedMotion } from './useMediaQuery';

export const CAROUSEL_SPEED = 1.5;
export const CAROUSEL_GAP = 15;
export const CAROUSEL_CARD_WIDTH = 300;

export interface AutoScrollCarouselProps {
  items: readonly { key: string; node: ReactNode }[];
  /** Names the region and its button: "Salesforce products" → "Pause Salesforce products". */
  label: string;
  speed?: number;
  gap?: number;
  cardWidth?: number;
}

export function AutoScrollCarousel({
  items,
  label,
  speed = CAROUSEL_SPEED,
  gap = CAROUSEL_GAP,
  cardWidth = CAROUSEL_CARD_WIDTH,
}: AutoScrollCarouselProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  // Off screen it does not move: no frames spent while the visitor reads the top of the page.
  const [onScreen, setOnScreen] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const moving = onScreen && !reducedMotion && !paused && !hovered && !focused;
  const loopLength = items.length * (cardWidth + gap);

  useEffect(() => {
    const element = viewport.current;
    if (!moving || !element) return;
    // Our own fractional position: browsers may round scrollLeft, which would stall 1.5 px steps.
    let position = element.scrollLeft;
    let frame = window.requestAnimationFrame(function step() {
      // The visitor scrolled by hand in the meantime: continue from where they left it.
      if (Math.abs(element.scrollLeft - Math.round(position)) > 2) position = element.scrollLeft;
      position += speed;
      if (position >= loopLength) position -= loopLength;
      element.scrollLeft = position;
      frame = window.requestAnimationFrame(step);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [moving, speed, loopLength]);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setOnScreen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setOnScreen(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onResize = () => {
      if (viewport.current) viewport.current.scrollLeft = 0;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const card = { flex: `0 0 ${cardWidth}px`, width: cardWidth, display: 'flex' } as const;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: space.md }}>
      {reducedMotion ? null : (
        <button
          type="button"
          css={styles.button}
          onClick={() => setPaused((p) => !p)}
          aria-label={`${paused ? 'Play' : 'Pause'} ${label}`}
        >
          <PlayPauseIcon playing={!paused} />
          {paused ? 'Play' : 'Pause'}
        </button>
      )}
      <div
        ref={viewport}
        role="region"
        aria-label={label}
        css={styles.viewport}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
        data-moving={moving ? 'true' : 'false'}
      >
        <ul css={[styles.track, { gap }]}>
          {items.map((item) => (
            <li key={item.key} css={card}>
              {item.node}
            </li>
          ))}
          {reducedMotion
            ? null
            : items.map((item) => (
                <li key={`copy-${item.key}`} css={card} aria-hidden="true" inert>
                  {item.node}
                </li>
              ))}
        </ul>
      </div>
    </div>
  );
}

const styles = {
  viewport: {
    overflowX: 'auto',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
    paddingBlock: space.sm,
    // Room for the cards' focus outline and shadow inside the clipped scroller.
    paddingInline: space.xs,
  },
  track: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', width: 'max-content' },
  button: {
    alignSelf: 'flex-end',
    display: 'inline-flex',
    alignItems: 'center',
    gap: space.xs,
    minHeight: 36,
    padding: `${space.xs} ${space.md}`,
    border: `1px solid ${colors.border}`,
    borderRadius: radii.pill,
    background: colors.surfaceRaised,
    color: colors.text,
    fontSize: fontSizes.xs,
    fontWeight: 600,
    cursor: 'pointer',
    '&:hover': { borderColor: colors.primary },
  },
} as const;
