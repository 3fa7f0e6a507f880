// A line of text that advances on its own (docs/requirements.md#rotating-text: every 5000 ms, wrapping to the first).
//
// Screen readers: the line sits in a live region that is aria-live="off" while it rotates by itself
// and "polite" once rotation has stopped (hovered, focused, paused or reduced motion). That is the
// WAI-ARIA carousel pattern: an automatic change every five seconds would interrupt whatever the
// visitor is reading, while a change the visitor asked for (the Next button) is announced once.
// WCAG 2.2.2 asks for a way to stop moving content, hence the Pause button; hover and focus pause it
// too, so a line can be read or its link followed without it changing underneath.
import { keyframes } from '@emotion/react';
import { useEffect, useState } from 'react';
import type { FocusEvent, ReactNode } from 'react';
import { fontSizes, radii, space } from './theme';
import { usePrefersReducedMotion } from './useMediaQuery';
import { VisuallyHidden } from './VisuallyHidden';

export const ROTATION_INTERVAL_MS = 5000;

export interface RotatingTextProps {
  items: readonly ReactNode[];
  /** What the lines are, for the controls' names: "Pause client results", "Next client result". */
  label: { plural: string; singular: string };
  intervalMs?: number;
  className?: string;
}

const fadeIn = keyframes({ from: { opacity: 0, transform: 'translateY(6px)' }, to: { opacity: 1, transform: 'none' } });

export function RotatingText({ items, label, intervalMs = ROTATION_INTERVAL_MS, className }: RotatingTextProps) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = items.length;
  const canRotate = count > 1 && !reducedMotion;
  const rotating = canRotate && !paused && !hovered && !focused;
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (!rotating) return;
    // A timeout per line, not an interval: resuming after a pause gives the line its full time.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, current, intervalMs, count]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  if (count === 0) return null;
  return (
    <div
      role="group"
      aria-label={label.plural}
      className={className}
      css={styles.root}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-rotating={rotating ? 'true' : 'false'}
    >
      <div aria-live={rotating ? 'off' : 'polite'} aria-atomic="true" css={styles.line}>
        <span key={current} css={styles.item}>
          {items[current]}
        </span>
      </div>
      {count > 1 ? (
        <div css={styles.controls}>
          {canRotate ? (
            <button type="button" css={styles.button} onClick={() => setPaused((p) => !p)}>
              <PlayPauseIcon playing={!paused} />
              {paused ? 'Play' : 'Pause'}
              <VisuallyHidden> {label.plural}</VisuallyHidden>
            </button>
          ) : null}
          <button type="button" css={styles.button} onClick={() => setIndex((i) => (i + 1) % count)}>
            Next
            <VisuallyHidden> {label.singular}</VisuallyHidden>
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16">
              <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span css={styles.counter} aria-hidden="true">
            {current + 1} / {count}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** Pause bars while playing, a play triangle while paused (what the button will do). */
export function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16">
      {playing ? (
        <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
      ) : (
        <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
      )}
    </svg>
  );
}

const styles = {
  root: { display: 'flex', flexDirection: 'column', gap: space.md },
  line: { minHeight: '3.2em', display: 'flex', alignItems: 'center' },
  item: { display: 'block', animation: `${fadeIn} 400ms ease-out` },
  controls: { display: 'flex', alignItems: 'center', gap: space.sm, flexWrap: 'wrap' },
  button: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: space.xs,
    minHeight: 36,
    padding: `${space.xs} ${space.md}`,
    border: '1px solid currentColor',
    borderRadius: radii.pill,
    background: 'transparent',
    color: 'inherit',
    fontSize: fontSizes.xs,
    fontWeight: 600,
    cursor: 'pointer',
    '&:hover': { background: 'rgba(127, 127, 127, 0.18)' },
  },
  counter: { fontSize: fontSizes.xs, fontVariantNumeric: 'tabular-nums', color: 'inherit' },
} as const;
