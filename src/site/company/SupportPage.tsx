import type { RouteHandle } from '../../shared/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function SupportPage() {
  return <ContentPage page={contentPages.support} />;
}

export const Component = SupportPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.support) };
