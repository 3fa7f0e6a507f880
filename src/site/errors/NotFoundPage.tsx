import { notFoundMeta } from '../../shared/meta';
import type { RouteHandle } from '../../shared/meta';
import { NotFound } from '../../ui/NotFound';

export const Component = NotFound;
export const handle: RouteHandle = { meta: () => notFoundMeta };
