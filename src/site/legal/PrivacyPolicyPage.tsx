import type { RouteHandle } from '../../app/meta';
import { privacyPolicy } from './content';
import { LegalPage } from './LegalPage';

export function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}

export const Component = PrivacyPolicyPage;
export const handle: RouteHandle = {
  meta: () => ({ title: privacyPolicy.heading, description: privacyPolicy.description }),
};
