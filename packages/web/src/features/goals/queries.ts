import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

export const categoryKeys = {
  all: ['categories'] as const satisfies QueryKeyPrefix,
};

/** GET /api/categories, ordered by name; categories are stale after 15 min (docs/product.md). */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: () => call(routes.listCategories),
  staleTime: 15 * 60_000,
});
