import type { RouteHandle } from '../../shared/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function CompanyPage() {
  return <ContentPage page={contentPages.company} />;
}

export const Component = CompanyPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.company) };
