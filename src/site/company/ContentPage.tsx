import { Link } from 'react-router-dom';
import type { MetaFn } from '../../shared/meta';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../ui/Button';
import { Card, CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Prerendered } from '../../ui/Prerendered';
import { Eyebrow } from '../../ui/Eyebrow';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { CaseStudyCard } from '../case-studies/CaseStudyCard';
import { InitialsAvatar } from '../case-studies/ClientMarks';
import { findCaseStudy } from '../case-studies/content';
import type { CaseStudySlug } from '../case-studies/content';
import { caseStudyTestimonials } from '../case-studies/testimonials';
import type { ContentBlock, ContentPageData, ContentSection, PageLink } from './content';
import { FaqAccordion } from './FaqAccordion';

export function ContentPage({ page }: { page: ContentPageData }) {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <Prerendered id="content-text">
        <div css={{ maxWidth: 880 }}>
          <h1 css={{ fontSize: fontSizes.display, margin: 0, lineHeight: 1.15 }}>{page.heading}</h1>
          <p css={{ fontSize: fontSizes.lg, color: colors.textMuted }}>{page.intro}</p>
          {page.sections.map((section) => (
            <TextSection key={section.heading} section={section} />
          ))}
        </div>
      </Prerendered>
      {page.blocks?.map((block, index) =>
        // The browser renders the blocks that do something: the FAQ's accordion opens and closes, and the stories'
        // images have their failure placeholder.
        block.kind === 'faq' || block.kind === 'stories' ? (
          <Block key={block.heading} block={block} />
        ) : (
          <Prerendered key={block.heading} id={`content-block-${index}`}>
            <Block block={block} />
          </Prerendered>
        ),
      )}
      <ButtonLink to={page.cta.to} css={{ marginTop: space.xl }}>
        {page.cta.label}
      </ButtonLink>
    </Container>
  );
}

function TextSection({ section }: { section: ContentSection }) {
  return (
    <section css={{ marginTop: space.xl }}>
      <h2 css={styles.h2}>{section.heading}</h2>
      <p css={{ lineHeight: 1.7 }}>{section.text}</p>
      {section.bullets ? (
        <ul css={{ display: 'grid', gap: space.xs, lineHeight: 1.6 }}>
          {section.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      {section.links ? <Links links={section.links} /> : null}
    </section>
  );
}

function Links({ links }: { links: readonly PageLink[] }) {
  return (
    <ul css={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: space.md }}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} css={{ color: colors.primary, fontWeight: 600 }}>
            {link.label} <span aria-hidden="true">→</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Block({ block }: { block: ContentBlock }) {
  return (
    <section css={{ marginTop: space.xxl }}>
      <h2 css={styles.h2}>{block.heading}</h2>
      {'intro' in block && block.intro ? (
        <p css={{ color: colors.textMuted, maxWidth: 720, marginTop: 0 }}>{block.intro}</p>
      ) : null}
      <BlockBody block={block} />
    </section>
  );
}

function BlockBody({ block }: { block: ContentBlock }) {
  switch (block.kind) {
    case 'cards':
      return (
        <CardGrid>
          {block.cards.map((card) => (
            <li key={card.title}>
              <Card css={{ height: '100%' }}>
                {card.label ? <Eyebrow size="xs">{card.label}</Eyebrow> : null}
                <h3 css={styles.h3}>{card.title}</h3>
                <p css={{ margin: 0, color: colors.textMuted, lineHeight: 1.6 }}>{card.text}</p>
                {card.link ? (
                  <Link to={card.link.to} css={{ marginTop: 'auto', color: colors.primary, fontWeight: 600 }}>
                    {card.link.label} <span aria-hidden="true">→</span>
                  </Link>
                ) : null}
              </Card>
            </li>
          ))}
        </CardGrid>
      );
    case 'stats':
      return (
        <dl css={styles.stats}>
          {block.stats.map((stat) => (
            <div key={stat.label} css={styles.stat}>
              <dt css={{ color: colors.textMuted, fontWeight: 600 }}>{stat.label}</dt>
              <dd css={styles.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      );
    case 'roles':
      return (
        <ul css={styles.stack}>
          {block.roles.map((role) => (
            <li key={role.title}>
              <Card>
                <Eyebrow size="xs">{role.team}</Eyebrow>
                <h3 css={styles.h3}>{role.title}</h3>
                <p css={{ margin: 0, fontWeight: 600 }}>
                  {role.location} · {role.type}
                </p>
                <p css={{ margin: 0, lineHeight: 1.6 }}>{role.summary}</p>
                <ul css={{ margin: 0, color: colors.textMuted, lineHeight: 1.6 }}>
                  {role.requirements.map((requirement) => (
                    <li key={requirement}>{requirement}</li>
                  ))}
                </ul>
                <ButtonLink to={block.apply} variant="secondary" css={{ alignSelf: 'flex-start' }}>
                  Apply for {role.title}
                </ButtonLink>
              </Card>
            </li>
          ))}
        </ul>
      );
    case 'people':
      return (
        <CardGrid>
          {block.people.map((person) => (
            <li key={person.name}>
              <Card css={{ height: '100%' }}>
                <InitialsAvatar
                  initials={person.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                />
                <h3 css={styles.h3}>{person.name}</h3>
                <p css={{ margin: 0, fontWeight: 600, color: colors.accent }}>{person.role}</p>
                <p css={{ margin: 0, color: colors.textMuted, lineHeight: 1.6 }}>{person.bio}</p>
              </Card>
            </li>
          ))}
        </CardGrid>
      );
    case 'stories':
      return (
        <>
          <CardGrid>
            {block.slugs.map((slug) => {
              const study = findCaseStudy(slug);
              return study ? (
                <li key={slug}>
                  <CaseStudyCard study={study} headingLevel="h3" />
                </li>
              ) : null;
            })}
          </CardGrid>
          {block.more ? <Links links={[block.more]} /> : null}
        </>
      );
    case 'quotes':
      return <Quotes slugs={block.slugs} />;
    case 'faq':
      return <FaqAccordion items={block.items} />;
  }
}

/** Testimonials of case-study clients, each linking to the study it comes from. */
export function Quotes({ slugs }: { slugs: readonly CaseStudySlug[] }) {
  return (
    <ul css={styles.quotes}>
      {slugs.map((slug) => {
        const study = findCaseStudy(slug);
        if (!study) return null;
        const testimonial = caseStudyTestimonials[slug];
        return (
          <li key={slug}>
            <figure css={styles.quote}>
              <blockquote css={{ margin: 0 }}>
                <p css={{ margin: 0, lineHeight: 1.6 }}>“{testimonial.quote}”</p>
              </blockquote>
              {/* The link is part of the caption: a figure's caption must be its first or last child. */}
              <figcaption css={{ display: 'grid', gap: space.md, marginTop: 'auto' }}>
                <span css={{ display: 'flex', alignItems: 'center', gap: space.md }}>
                  <InitialsAvatar initials={testimonial.avatar.initials} size={48} />
                  <span>
                    <strong>{testimonial.author}</strong>
                    <br />
                    <span css={{ color: colors.textMuted, fontSize: fontSizes.sm }}>{testimonial.position}</span>
                  </span>
                </span>
                <Link to={paths.caseStudy(slug)} css={{ color: colors.primary, fontWeight: 600 }}>
                  Read the {study.clientName} story
                </Link>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}

const styles = {
  h2: { fontSize: fontSizes.xl, margin: `0 0 ${space.md}` },
  h3: { fontSize: fontSizes.lg, margin: 0, lineHeight: 1.3 },
  stack: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.lg },
  stats: {
    display: 'grid',
    gap: space.md,
    margin: 0,
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    [mq.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
  stat: {
    display: 'flex',
    flexDirection: 'column',
    padding: space.lg,
    borderRadius: radii.lg,
    background: colors.surface,
    textAlign: 'center',
  },
  statValue: { order: -1, margin: 0, fontSize: fontSizes.xxl, fontWeight: 800, color: colors.primary },
  quotes: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: space.lg,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
  },
  quote: {
    height: '100%',
    boxSizing: 'border-box',
    margin: 0,
    padding: space.lg,
    display: 'flex',
    flexDirection: 'column',
    gap: space.md,
    borderRadius: radii.lg,
    border: `1px solid ${colors.border}`,
    borderTop: `4px solid ${colors.accent}`,
    background: colors.surfaceRaised,
  },
} as const;

export const contentPageMeta =
  (page: ContentPageData): MetaFn =>
  () => ({ title: page.title, description: page.description });
