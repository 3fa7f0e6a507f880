import type { RouteHandle } from '../../app/meta';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';

export function ContactPage() {
  return <ContentPage page={contentPages.contact} />;
}

export const Component = ContactPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.contact) };
