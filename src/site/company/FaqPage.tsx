import type { PageMeta, RouteHandle } from '../../shared/meta';
import { contentPages, faqGroups } from '../company/content';
import { ContentPage } from '../company/ContentPage';

export function FaqPage() {
  return <ContentPage page={contentPages.faq} />;
}

/** FAQPage structured data with every question and answer shown on the page. */
export function faqMeta(): PageMeta {
  return {
    title: contentPages.faq.title,
    description: contentPages.faq.description,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faqGroups.flatMap((group) =>
        group.items.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      ),
    },
  };
}

export const Component = FaqPage;
export const handle: RouteHandle = { meta: faqMeta };
