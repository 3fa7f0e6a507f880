// The case-study index: every card, filterable by industry. The filter lives in the URL
// (?industry=healthcare) so a filtered list can be shared.
import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RouteHandle } from '../../shared/meta';
import { paths } from '../../shared/paths';
import { CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { CaseStudyCard } from './CaseStudyCard';
import { caseStudies, caseStudyIndustries, findIndustry, industrySlug } from './content';

export const INDUSTRY_PARAM = 'industry';

const noSubscription = () => () => undefined;

/**
 * The industry the URL filters by: none for the prerender and the hydrating render (the build cannot know the query,
 * so the prerendered page is the unfiltered list), the query's once hydrated. The industry is an entry of a constant
 * list, the same object at every read, so React renders the list again after hydrating only when the query names one:
 * not on most visits, as with a "hydrated" flag, whose two answers always differ (every card again, inside the commit
 * that hydrates the page).
 */
export const useIndustryFilter = (searchParams: URLSearchParams) =>
  useSyncExternalStore(
    noSubscription,
    () => findIndustry(searchParams.get(INDUSTRY_PARAM)),
    () => undefined,
  );

export function CaseStudiesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = useIndustryFilter(searchParams);
  const shown = selected ? caseStudies.filter((study) => industrySlug(study.industry) === selected.slug) : caseStudies;

  const select = (slug: string | undefined) => {
    setSearchParams(slug ? { [INDUSTRY_PARAM]: slug } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.display, margin: 0 }}>Client success stories</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
        How real estate firms, healthcare providers, financial advisors, manufacturers, retailers and software companies
        put Salesforce to work with us, and the figures they measured afterwards.
      </p>
      <div role="group" aria-labelledby="industry-filter-label" css={styles.filters}>
        <span id="industry-filter-label" css={styles.filterLabel}>
          Filter by industry
        </span>
        <button type="button" aria-pressed={!selected} onClick={() => select(undefined)} css={styles.filter}>
          All industries
        </button>
        {caseStudyIndustries.map((industry) => (
          <button
            key={industry.slug}
            type="button"
            aria-pressed={selected?.slug === industry.slug}
            onClick={() => select(industry.slug)}
            css={styles.filter}
          >
            {industry.name}
          </button>
        ))}
      </div>
      <p role="status" css={{ color: colors.textMuted, marginBottom: space.lg }}>
        {selected
          ? `Showing ${shown.length} of ${caseStudies.length} case studies in ${selected.name}`
          : `Showing all ${caseStudies.length} case studies`}
      </p>
      <CardGrid>
        {shown.map((study) => (
          <li key={study.slug}>
            <CaseStudyCard study={study} />
          </li>
        ))}
      </CardGrid>
    </Container>
  );
}

const styles = {
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space.sm,
    marginTop: space.xl,
    marginBottom: space.md,
  },
  filterLabel: { fontWeight: 700, marginRight: space.sm },
  filter: {
    minHeight: 40,
    padding: `${space.xs} ${space.md}`,
    borderRadius: radii.pill,
    border: `1px solid ${colors.border}`,
    background: colors.surfaceRaised,
    color: colors.text,
    fontSize: fontSizes.sm,
    fontWeight: 600,
    cursor: 'pointer',
    '&:hover': { borderColor: colors.primary },
    '&[aria-pressed="true"]': { background: colors.primary, borderColor: colors.primary, color: colors.primaryText },
  },
} as const;

export const Component = CaseStudiesPage;
export const handle: RouteHandle = {
  meta: () => ({
    title: 'Case Studies',
    description:
      'Salesforce case studies from Meridian Cloud Consulting: measured results in real estate, healthcare, financial services, manufacturing, retail and technology.',
    canonicalPath: paths.caseStudies,
  }),
};
