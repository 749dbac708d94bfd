import type { Category } from '@habitquest/contracts/categories';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

export const categoryKeys = {
  all: ['categories'] as const,
};

/** GET /api/categories, ordered by name; categories are stale after 15 min (docs/product.md). */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: () => api<Category[]>('GET', '/api/categories'),
  staleTime: 15 * 60_000,
});
