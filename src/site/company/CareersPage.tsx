import type { RouteHandle } from '../../shared/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function CareersPage() {
  return <ContentPage page={contentPages.careers} />;
}

export const Component = CareersPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.careers) };
