import type { RouteHandle } from '../../shared/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function ResourcesPage() {
  return <ContentPage page={contentPages.resources} />;
}

export const Component = ResourcesPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.resources) };
