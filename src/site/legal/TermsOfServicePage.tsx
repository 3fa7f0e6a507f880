import type { RouteHandle } from '../../shared/meta';
import { termsOfService } from './content';
import { LegalPage } from './LegalPage';

export function TermsOfServicePage() {
  return <LegalPage document={termsOfService} />;
}

export const Component = TermsOfServicePage;
export const handle: RouteHandle = {
  meta: () => ({ title: termsOfService.heading, description: termsOfService.description }),
};
