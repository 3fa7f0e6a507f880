// The one template behind every /services/{slug} page, fed by the typed copy in content.ts.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { RouteHandle } from '../../shared/meta';
import { notFoundMeta } from '../../shared/meta';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { Image } from '../../ui/Image';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { findCaseStudy } from '../case-studies/content';
import { NotFound } from '../../ui/NotFound';
import { Prerendered } from '../../ui/Prerendered';
import type { CatalogService } from './catalog';
import { findService } from './catalog';
import type { HeroImage, ServicePageContent, SupportPageContent, TrainingPageContent } from './content';
import { servicePages } from './content';
import { supportPlans, trainingPrograms } from './offers';
import { ServiceIcon } from './ServiceIcon';
import { belowTheFold } from '../../ui/belowTheFold';

const groupLabel = { platform: 'Salesforce platform', digital: 'Digital services', delivery: 'Delivery services' };

export function ServicePage() {
  const service = findService(useParams().slug);
  if (!service) return <NotFound />;
  const content: ServicePageContent = servicePages[service.slug];
  const training = service.slug === 'training' ? servicePages.training : undefined;
  const support = service.slug === 'support' ? servicePages.support : undefined;
  const closingLink =
    service.slug === 'training'
      ? paths.contactWith({ source: 'training' })
      : service.slug === 'support'
        ? paths.contactWith({ source: 'support' })
        : paths.contact;

  return (
    <>
      <Hero service={service} content={content} image={(training ?? support)?.heroImage} />
      <Prerendered id="service">
        <section aria-labelledby="includes-heading" css={styles.section}>
          <Container>
            <h2 id="includes-heading" css={styles.h2}>
              What {service.title} includes
            </h2>
            <ul css={styles.includes}>
              {content.includes.map((item) => (
                <li key={item.title} css={styles.include}>
                  <h3 css={styles.h3}>{item.title}</h3>
                  <p css={{ margin: 0, color: colors.textMuted }}>{item.description}</p>
                </li>
              ))}
            </ul>
          </Container>
        </section>
        {training ? <Programs programs={training.programs} /> : null}
        {support ? <Plans plans={support.plans} /> : null}
        <section aria-labelledby="engagement-heading" css={[styles.section, { background: colors.surface }]}>
          <Container>
            <h2 id="engagement-heading" css={styles.h2}>
              How the engagement runs
            </h2>
            <ol css={styles.steps}>
              {content.engagement.map((step, index) => (
                <li key={step.title} css={styles.step}>
                  <span css={styles.stepNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h3 css={styles.h3}>{step.title}</h3>
                    <p css={styles.duration}>{step.duration}</p>
                    <p css={{ margin: 0, color: colors.textMuted }}>{step.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Container>
        </section>
        <section aria-labelledby="outcomes-heading" css={styles.section}>
          <Container>
            <h2 id="outcomes-heading" css={styles.h2}>
              Outcomes our clients measured
            </h2>
            <dl css={styles.outcomes}>
              {content.outcomes.map((outcome) => (
                <div key={outcome.label} css={styles.outcome}>
                  <dt css={{ color: colors.textMuted }}>{outcome.label}</dt>
                  <dd css={styles.figure}>{outcome.figure}</dd>
                </div>
              ))}
            </dl>
          </Container>
        </section>
        <section aria-labelledby="stories-heading" css={[styles.section, { paddingTop: 0 }]}>
          <Container>
            <h2 id="stories-heading" css={styles.h2}>
              Related case studies
            </h2>
            <ul css={styles.stories}>
              {content.caseStudies.map((slug) => {
                const study = findCaseStudy(slug);
                if (!study) return null;
                return (
                  <li key={slug}>
                    <Card css={{ height: '100%', position: 'relative' }}>
                      <Eyebrow size="xs">{study.industry}</Eyebrow>
                      <h3 css={styles.h3}>
                        <Link to={paths.caseStudy(study.slug)} css={styles.cardLink}>
                          {study.title}
                        </Link>
                      </h3>
                      <p css={{ margin: 0, color: colors.textMuted }}>
                        <strong css={{ color: colors.text }}>{study.statValue}</strong> {study.statLabel}
                      </p>
                    </Card>
                  </li>
                );
              })}
            </ul>
          </Container>
        </section>
        <section aria-labelledby="cta-heading" css={styles.cta}>
          <Container css={{ textAlign: 'center', maxWidth: 760 }}>
            <h2 id="cta-heading" css={[styles.h2, { color: colors.bandText }]}>
              {content.cta.heading}
            </h2>
            <p css={{ color: colors.bandText, fontSize: fontSizes.lg }}>{content.cta.text}</p>
            <ButtonLink to={closingLink} css={styles.ctaButton}>
              {content.cta.label}
            </ButtonLink>
          </Container>
        </section>
      </Prerendered>
    </>
  );
}

function Hero({
  service,
  content,
  image,
}: {
  service: CatalogService;
  content: ServicePageContent;
  image?: HeroImage;
}) {
  return (
    <section aria-labelledby="service-heading" css={styles.hero}>
      <Container css={[styles.heroGrid, image ? { [mq.lg]: { gridTemplateColumns: '1fr 1fr' } } : null]}>
        <div>
          <p css={styles.heroEyebrow}>
            <span css={styles.heroIcon}>
              <ServiceIcon name={service.icon} size={22} />
            </span>
            {groupLabel[service.group]}
          </p>
          <h1 id="service-heading" css={{ fontSize: fontSizes.display, letterSpacing: '-0.02em' }}>
            {service.title}
          </h1>
          <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 680 }}>{content.intro}</p>
          <ButtonLink to={paths.contact} css={{ marginTop: space.sm }}>
            {content.heroCta}
          </ButtonLink>
        </div>
        {image ? (
          <Image
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            sizes="(min-width: 1024px) 560px, 100vw"
            priority
            css={{ borderRadius: radii.lg }}
          />
        ) : null}
      </Container>
    </section>
  );
}

/** The anchored section (#training-programs, #support-plans) holding a list of offer cards. */
function OfferSection({
  id,
  heading,
  intro,
  children,
}: {
  id: string;
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} css={styles.section}>
      <Container>
        <h2 id={headingId} css={styles.h2}>
          {heading}
        </h2>
        <p css={styles.sectionIntro}>{intro}</p>
        <ul css={styles.offers}>{children}</ul>
      </Container>
    </section>
  );
}

function Programs({ programs }: { programs: TrainingPageContent['programs'] }) {
  return (
    <OfferSection id="training-programs" heading={programs.heading} intro={programs.intro}>
      {programs.items.map((program) => {
        const name = trainingPrograms[program.id];
        return (
          <li key={program.id}>
            <Card css={{ height: '100%' }}>
              <h3 css={styles.h3}>{name}</h3>
              <p css={styles.duration}>{program.duration}</p>
              <p css={{ margin: 0, fontWeight: 600 }}>{program.audience}</p>
              <p css={{ margin: 0, color: colors.textMuted }}>{program.description}</p>
              <ul css={styles.checks}>
                {program.topics.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
              <ButtonLink to={paths.contactWith({ program: program.id })} variant="secondary" css={styles.offerLink}>
                Ask about {name}
              </ButtonLink>
            </Card>
          </li>
        );
      })}
    </OfferSection>
  );
}

function Plans({ plans }: { plans: SupportPageContent['plans'] }) {
  return (
    <OfferSection id="support-plans" heading={plans.heading} intro={plans.intro}>
      {plans.items.map((plan) => {
        const name = supportPlans[plan.id];
        return (
          <li key={plan.id}>
            <Card css={[{ height: '100%' }, plan.badge ? { borderColor: colors.primary, borderWidth: 2 } : null]}>
              <div css={{ display: 'flex', alignItems: 'center', gap: space.sm, flexWrap: 'wrap' }}>
                <h3 css={styles.h3}>{name}</h3>
                {plan.badge ? <span css={styles.badge}>{plan.badge}</span> : null}
              </div>
              <p css={{ margin: 0, color: colors.textMuted }}>{plan.description}</p>
              <ul css={styles.checks}>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <ButtonLink
                to={paths.contactWith({ plan: plan.id })}
                variant={plan.badge ? 'primary' : 'secondary'}
                css={styles.offerLink}
              >
                Choose {name}
              </ButtonLink>
            </Card>
          </li>
        );
      })}
    </OfferSection>
  );
}

export const Component = ServicePage;
export const handle: RouteHandle = {
  meta: ({ slug }) => {
    const service = findService(slug);
    return service ? { title: service.title, description: servicePages[service.slug].intro } : notFoundMeta;
  },
};

const list = { listStyle: 'none', margin: 0, padding: 0 } as const;

const styles = {
  hero: { paddingBlock: space.xxl, background: `linear-gradient(180deg, ${colors.surface} 0%, ${colors.bg} 100%)` },
  heroGrid: { display: 'grid', gap: space.xl, alignItems: 'center' },
  heroEyebrow: {
    display: 'flex',
    alignItems: 'center',
    gap: space.sm,
    color: colors.accent,
    fontWeight: 700,
    fontSize: fontSizes.sm,
    letterSpacing: '0.04em',
    textTransform: 'uppercase',
  },
  heroIcon: {
    display: 'inline-flex',
    padding: 6,
    borderRadius: radii.md,
    background: colors.surfaceRaised,
    color: colors.primary,
  },
  // Every section under the hero: drawn as it comes near (ui/belowTheFold).
  section: { paddingBlock: space.xxl, ...belowTheFold },
  sectionIntro: { color: colors.textMuted, maxWidth: 680, marginBottom: space.lg },
  h2: { fontSize: fontSizes.xxl },
  h3: { fontSize: fontSizes.lg, margin: 0 },
  includes: {
    ...list,
    display: 'grid',
    gap: space.lg,
    marginTop: space.lg,
    [mq.md]: { gridTemplateColumns: 'repeat(2, 1fr)' },
  },
  include: {
    display: 'flex',
    flexDirection: 'column',
    gap: space.sm,
    paddingLeft: space.md,
    borderLeft: `3px solid ${colors.accent}`,
  },
  steps: { ...list, display: 'grid', gap: space.lg, marginTop: space.lg, [mq.lg]: { gridAutoFlow: 'column' } },
  step: { display: 'flex', gap: space.md, alignItems: 'flex-start' },
  stepNumber: {
    flex: '0 0 auto',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 36,
    height: 36,
    borderRadius: '50%',
    background: colors.primary,
    color: colors.primaryText,
    fontWeight: 700,
  },
  duration: { margin: `${space.xs} 0`, color: colors.primary, fontWeight: 700, fontSize: fontSizes.sm },
  outcomes: {
    display: 'grid',
    gap: space.lg,
    margin: `${space.lg} 0 0`,
    [mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
  outcome: {
    display: 'flex',
    flexDirection: 'column',
    padding: space.lg,
    borderRadius: radii.lg,
    background: colors.surface,
  },
  figure: { margin: 0, order: -1, fontSize: fontSizes.xxl, fontWeight: 800, color: colors.primary },
  stories: {
    ...list,
    display: 'grid',
    gap: space.lg,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  },
  cardLink: {
    color: colors.text,
    textDecoration: 'none',
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radii.lg },
    '&:hover': { color: colors.primary },
  },
  offers: {
    ...list,
    display: 'grid',
    gap: space.lg,
    [mq.lg]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
  checks: {
    margin: `${space.sm} 0`,
    paddingLeft: space.lg,
    display: 'flex',
    flexDirection: 'column',
    gap: space.xs,
  },
  offerLink: { marginTop: 'auto', textAlign: 'center' },
  badge: {
    padding: `2px ${space.sm}`,
    borderRadius: radii.pill,
    background: colors.accent,
    color: colors.bg,
    fontSize: fontSizes.xs,
    fontWeight: 800,
    letterSpacing: '0.06em',
  },
  cta: { paddingBlock: space.xxl, background: colors.band, ...belowTheFold },
  ctaButton: {
    background: colors.bandText,
    color: colors.band,
    borderColor: colors.bandText,
    '&:hover': { background: colors.bandText, color: colors.band },
    '&:focus-visible': { outlineColor: colors.bandText },
  },
} as const;
