import type { RouteHandle } from '../../app/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function IndustriesPage() {
  return <ContentPage page={contentPages.industries} />;
}

export const Component = IndustriesPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.industries) };
