// What a visitor came to /contact for, from the query of the link they followed
// (?program=fundamentals|admin-cert|developer, ?plan=essential|premium|enterprise,
// ?source=training|support). Unknown values are ignored.
import { supportPlans, trainingPrograms } from '../services/offers';

export type ContactIntent = {
  /** Names the subject: "Admin Certification training". */
  heading: string;
  /** Prefills the contact form's project description. */
  projectDescription: string;
};

const sources = { training: 'Salesforce training', support: 'Salesforce support plans' } as const;

const has = <T extends object>(table: T, key: string | null): key is Extract<keyof T, string> =>
  key !== null && Object.prototype.hasOwnProperty.call(table, key);

const intent = (heading: string): ContactIntent => ({ heading, projectDescription: `Interested in: ${heading}` });

/** The most specific known parameter wins: a programme or plan, then the page the visitor came from. */
export function contactIntent(search: URLSearchParams): ContactIntent | null {
  const program = search.get('program');
  if (has(trainingPrograms, program)) return intent(`${trainingPrograms[program]} training`);
  const plan = search.get('plan');
  if (has(supportPlans, plan)) return intent(`${supportPlans[plan]} support plan`);
  const source = search.get('source');
  if (has(sources, source)) return intent(sources[source]);
  return null;
}
