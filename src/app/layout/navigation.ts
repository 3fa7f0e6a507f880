// Navigation data shared by the top bar, the mobile menu and the footer. The lists that name
// services (and so need the service catalog) are in serviceLinks.ts, which only the lazily loaded
// menus and footer import: the top bar's first render needs none of them.
import { paths } from '../../shared/paths';

export type NavLink = { label: string; to: string };

export const primaryLinks: NavLink[] = [
  { label: 'Customers', to: paths.customers },
  { label: 'Company', to: paths.company },
  { label: 'Careers', to: paths.careers },
];
