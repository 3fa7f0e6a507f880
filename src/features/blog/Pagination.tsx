// Numbered pagination under the listing's cards: Previous, the first and last pages and two on
// either side of the current one (an ellipsis for each gap), Next. Every page is a real link, so
// crawlers and visitors without JavaScript reach the whole archive; the current page is text.
import { Link } from 'react-router-dom';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

export type PaginationItem = number | 'gap';

/** Pages around the current one, shown on either side of it. */
const AROUND = 2;

/** The page numbers to show, in order, with 'gap' where pages are left out: 1 … 3 4 [5] 6 7 … 9. */
export function paginationItems(current: number, last: number): PaginationItem[] {
  const shown = new Set<number>([1, last]);
  for (let page = current - AROUND; page <= current + AROUND; page += 1) {
    if (page >= 1 && page <= last) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  return pages.flatMap((page, index) => {
    const previous = pages[index - 1];
    return previous !== undefined && page - previous > 1 ? (['gap', page] as const) : [page];
  });
}

const target = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 44,
  minHeight: 44,
  paddingInline: space.md,
  borderRadius: radii.md,
  fontWeight: 600,
  fontSize: fontSizes.sm,
} as const;

const linkStyle = {
  ...target,
  border: `1px solid ${colors.border}`,
  color: colors.primary,
  textDecoration: 'none',
  '&:hover': { borderColor: colors.primary, background: colors.surface },
  '&:focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 },
} as const;

export function Pagination({
  page,
  lastPage,
  hrefOf,
}: {
  page: number;
  lastPage: number;
  /** The URL of page `n` of this listing. */
  hrefOf: (n: number) => string;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label="Pagination" css={{ marginTop: space.xl }}>
      <ul
        css={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: space.sm,
        }}
      >
        {page > 1 ? (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev" css={linkStyle}>
              Previous
            </Link>
          </li>
        ) : null}
        {paginationItems(page, lastPage).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" css={{ ...target, paddingInline: space.xs }}>
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span
                  aria-current="page"
                  css={{
                    ...target,
                    background: colors.primary,
                    color: colors.primaryText,
                    border: `1px solid ${colors.primary}`,
                  }}
                >
                  <VisuallyHidden>Page </VisuallyHidden>
                  {item}
                </span>
              ) : (
                <Link to={hrefOf(item)} css={linkStyle}>
                  <VisuallyHidden>Page </VisuallyHidden>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
        {page < lastPage ? (
          <li>
            <Link to={hrefOf(page + 1)} rel="next" css={linkStyle}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
