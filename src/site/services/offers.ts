// The training programmes and support plans that /contact links carry (?program=…, ?plan=…):
// their ids and names, shared by the service pages and the contact page's intent.

export const trainingPrograms = {
  fundamentals: 'Salesforce Fundamentals',
  'admin-cert': 'Admin Certification',
  developer: 'Developer Bootcamp',
} as const;

export type TrainingProgramId = keyof typeof trainingPrograms;

export const supportPlans = {
  essential: 'Essential',
  premium: 'Premium',
  enterprise: 'Enterprise',
} as const;

export type SupportPlanId = keyof typeof supportPlans;
