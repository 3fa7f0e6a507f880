import type { RouteHandle } from '../../shared/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function CustomersPage() {
  return <ContentPage page={contentPages.customers} />;
}

export const Component = CustomersPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.customers) };
