import type { RouteHandle } from '../../app/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function FaqPage() {
  return <ContentPage page={contentPages.faq} />;
}

export const Component = FaqPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.faq) };
