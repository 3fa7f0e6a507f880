// A disclosure accordion (WAI-ARIA APG): every answer is in the HTML, hidden until its question is
// opened; arrow keys, Home and End move between the questions of the page.
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import type { FaqItem } from './content';

const QUESTION_SELECTOR = 'button[data-faq-question]';

/** Moves focus between all FAQ questions on the page, across groups. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const questions = Array.from(document.querySelectorAll<HTMLButtonElement>(QUESTION_SELECTOR));
  const index = questions.indexOf(event.currentTarget);
  const last = questions.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? Math.min(index + 1, last)
          : Math.max(index - 1, 0);
  event.preventDefault();
  questions[next]?.focus();
}

export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div css={styles.list}>
      {items.map((item, index) => {
        const expanded = open.has(index);
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question} css={styles.item}>
            <h3 css={{ margin: 0, fontSize: fontSizes.md }}>
              <button
                type="button"
                id={buttonId}
                data-faq-question=""
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                onKeyDown={moveFocus}
                css={styles.question}
              >
                <span>{item.question}</span>
                <svg
                  aria-hidden="true"
                  focusable="false"
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  css={[styles.icon, expanded && { transform: 'rotate(180deg)' }]}
                >
                  <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} css={styles.answer}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}

const styles = {
  list: { display: 'grid', gap: space.sm },
  item: { border: `1px solid ${colors.border}`, borderRadius: radii.md, background: colors.surfaceRaised },
  question: {
    display: 'flex',
    width: '100%',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space.md,
    minHeight: 44,
    padding: space.md,
    border: 0,
    borderRadius: radii.md,
    background: 'transparent',
    color: colors.text,
    font: 'inherit',
    fontWeight: 700,
    textAlign: 'left',
    cursor: 'pointer',
    '&:hover': { color: colors.primary },
  },
  icon: {
    flex: 'none',
    color: colors.primary,
    transition: 'transform 150ms ease',
    '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  },
  answer: { padding: `0 ${space.md} ${space.md}`, color: colors.textMuted, lineHeight: 1.6 },
} as const;
