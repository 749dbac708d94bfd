import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { createCategory } from './create-category';
import { deleteCategory } from './delete-category';
import { listCategories } from './list-categories';
import { updateCategory } from './update-category';

/** /api/categories. */
export function categoryRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, events } = deps;
  const app = new Hono<AppEnv>();
  serve(app, routes.listCategories, (c) => listCategories({ db, userId: c.get('userId') }));
  serve(app, routes.createCategory, async (c, { body: input }) => {
    const userId = c.get('userId');
    const category = await createCategory({ db, userId, input });
    await events.publish(userId, { type: 'categories', payload: { ids: [category.id] } });
    return category;
  });
  serve(app, routes.updateCategory, async (c, { params: { id }, body: patch }) => {
    const userId = c.get('userId');
    const category = await updateCategory({ db, userId, id, patch });
    await events.publish(userId, { type: 'categories', payload: { ids: [id] } });
    return category;
  });
  serve(app, routes.deleteCategory, async (c, { params: { id } }) => {
    const userId = c.get('userId');
    const { movedHabitIds, ...result } = await deleteCategory({ db, userId, id });
    await events.publish(
      userId,
      { type: 'categories', payload: { ids: [id] } },
      ...(movedHabitIds.length > 0
        ? [{ type: 'habits' as const, payload: { ids: movedHabitIds } }]
        : []),
    );
    return result;
  });
  return app;
}
