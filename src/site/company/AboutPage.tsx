import type { RouteHandle } from '../../shared/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function AboutPage() {
  return <ContentPage page={contentPages.about} />;
}

export const Component = AboutPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.about) };
