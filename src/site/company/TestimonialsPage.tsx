import type { RouteHandle } from '../../shared/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function TestimonialsPage() {
  return <ContentPage page={contentPages.testimonials} />;
}

export const Component = TestimonialsPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.testimonials) };
