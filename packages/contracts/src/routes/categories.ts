/** Categories, with their monthly goals. Part of the route table (../routes.ts). */
import type { Category, CategoryCreate, CategoryDeleteResult, CategoryUpdate } from '../categories';
import { route } from '../route';

export const categoryRoutes = {
  listCategories: route<{ response: Category[] }>()({
    method: 'get',
    path: '/api/categories',
  }),
  createCategory: route<{ body: CategoryCreate; response: Category }>()({
    method: 'post',
    path: '/api/categories',
    status: 201,
  }),
  updateCategory: route<{ body: CategoryUpdate; response: Category }>()({
    method: 'patch',
    path: '/api/categories/:id',
  }),
  deleteCategory: route<{ response: CategoryDeleteResult }>()({
    method: 'delete',
    path: '/api/categories/:id',
  }),
} as const;
