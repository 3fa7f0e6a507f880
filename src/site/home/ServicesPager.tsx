// 'What can we do for you?': six service cards, three per page (docs/requirements.md#services-pager: page 1 of ceil(6/3)).
// The page index is view state of this widget only, so it lives in the component, not the store.
// All cards are in the prerendered HTML; cards of other pages are `hidden`.
import { useEffect, useRef, useState } from 'react';
import { Container } from '../../ui/Container';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import type { CatalogService } from '../services/catalog';
import { ServiceCard } from '../services/ServiceCard';
import { belowTheFold } from '../../ui/belowTheFold';

export const SERVICES_PER_PAGE = 3;

type Arrow = 'previous' | 'next';

export function ServicesPager({ services }: { services: readonly CatalogService[] }) {
  const [page, setPage] = useState(0);
  const previousArrow = useRef<HTMLButtonElement>(null);
  const nextArrow = useRef<HTMLButtonElement>(null);
  // Set when an arrow is about to become disabled while focused: focus moves to the other arrow
  // instead of falling back to <body>.
  const refocus = useRef<Arrow | null>(null);
  const pageCount = Math.max(1, Math.ceil(services.length / SERVICES_PER_PAGE));
  const first = page * SERVICES_PER_PAGE;
  const last = Math.min(first + SERVICES_PER_PAGE, services.length);

  useEffect(() => {
    const target = refocus.current;
    refocus.current = null;
    if (target) (target === 'previous' ? previousArrow : nextArrow).current?.focus();
  }, [page]);

  const go = (next: number, from?: Arrow) => {
    const clamped = Math.min(Math.max(next, 0), pageCount - 1);
    if (from === 'next' && clamped === pageCount - 1) refocus.current = 'previous';
    if (from === 'previous' && clamped === 0) refocus.current = 'next';
    setPage(clamped);
  };

  return (
    <section aria-labelledby="services-heading" css={{ paddingBlock: space.xxl, ...belowTheFold }}>
      <Container>
        <div css={styles.header}>
          <div>
            <h2 id="services-heading" css={{ fontSize: fontSizes.xxl, margin: 0 }}>
              What can we do for you?
            </h2>
            <p css={{ color: colors.textMuted, maxWidth: 640, margin: `${space.sm} 0 0` }}>
              From a first implementation to the support that keeps it running, one team covers the whole life of your
              Salesforce org.
            </p>
          </div>
          <div css={styles.arrows}>
            <button
              ref={previousArrow}
              type="button"
              css={styles.arrow}
              aria-controls="home-services"
              disabled={page === 0}
              onClick={() => go(page - 1, 'previous')}
            >
              <ArrowIcon direction="previous" />
              <VisuallyHidden>Previous services</VisuallyHidden>
            </button>
            <button
              ref={nextArrow}
              type="button"
              css={styles.arrow}
              aria-controls="home-services"
              disabled={page === pageCount - 1}
              onClick={() => go(page + 1, 'next')}
            >
              <ArrowIcon direction="next" />
              <VisuallyHidden>Next services</VisuallyHidden>
            </button>
          </div>
        </div>
        <ul id="home-services" css={styles.grid}>
          {services.map((service, index) => (
            <li key={service.slug} hidden={index < first || index >= last}>
              <ServiceCard service={service} headingLevel={3} />
            </li>
          ))}
        </ul>
        <div css={styles.pages} role="group" aria-label="Service pages">
          {Array.from({ length: pageCount }, (_, index) => (
            <button
              key={index}
              type="button"
              css={styles.pageButton}
              aria-controls="home-services"
              aria-current={index === page ? 'true' : undefined}
              onClick={() => go(index)}
            >
              <VisuallyHidden>Page </VisuallyHidden>
              {index + 1}
            </button>
          ))}
        </div>
        <VisuallyHidden role="status">
          Showing services {first + 1} to {last} of {services.length}
        </VisuallyHidden>
      </Container>
    </section>
  );
}

function ArrowIcon({ direction }: { direction: Arrow }) {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
      <path
        d={direction === 'next' ? 'M4 10h12M11 5l5 5-5 5' : 'M16 10H4M9 5l-5 5 5 5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const styles = {
  header: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    gap: space.md,
    flexWrap: 'wrap',
    marginBottom: space.lg,
  },
  arrows: { display: 'flex', gap: space.sm },
  arrow: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 48,
    height: 48,
    borderRadius: '50%',
    border: `2px solid ${colors.primary}`,
    background: colors.bg,
    color: colors.primary,
    cursor: 'pointer',
    '&:hover:not(:disabled)': { background: colors.primary, color: colors.primaryText },
    '&:disabled': { borderColor: colors.border, color: colors.textMuted, cursor: 'not-allowed' },
  },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: space.lg,
    [mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)' },
    '& > li[hidden]': { display: 'none' },
  },
  // Numbered pages for phones, where the arrows sit far above the stacked cards.
  pages: {
    display: 'flex',
    justifyContent: 'center',
    gap: space.sm,
    marginTop: space.lg,
    [mq.md]: { display: 'none' },
  },
  pageButton: {
    minWidth: 44,
    minHeight: 44,
    borderRadius: radii.pill,
    border: `2px solid ${colors.border}`,
    background: colors.bg,
    color: colors.text,
    fontWeight: 700,
    cursor: 'pointer',
    '&[aria-current="true"]': { background: colors.primary, borderColor: colors.primary, color: colors.primaryText },
  },
} as const;
