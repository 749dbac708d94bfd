import { zCategoryCreate, zCategoryUpdate } from '@habitquest/contracts/categories';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { idParam } from '../http/params';
import { parseBody } from '../http/validate';
import { createCategory } from './create-category';
import { deleteCategory } from './delete-category';
import { listCategories } from './list-categories';
import { updateCategory } from './update-category';

/** /api/categories. */
export function categoryRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, events } = deps;
  const app = new Hono<AppEnv>();
  app.get('/categories', async (c) =>
    c.json(await listCategories({ db, userId: c.get('userId') })),
  );
  app.post('/categories', async (c) => {
    const input = await parseBody(c, zCategoryCreate);
    const userId = c.get('userId');
    const category = await createCategory({ db, userId, input });
    await events.publish(userId, { type: 'categories', payload: { ids: [category.id] } });
    return c.json(category, 201);
  });
  app.patch('/categories/:id', async (c) => {
    const id = idParam(c);
    const patch = await parseBody(c, zCategoryUpdate);
    const userId = c.get('userId');
    const category = await updateCategory({ db, userId, id, patch });
    await events.publish(userId, { type: 'categories', payload: { ids: [id] } });
    return c.json(category);
  });
  app.delete('/categories/:id', async (c) => {
    const id = idParam(c);
    const userId = c.get('userId');
    const { movedHabitIds, ...result } = await deleteCategory({ db, userId, id });
    await events.publish(userId, { type: 'categories', payload: { ids: [id] } });
    if (movedHabitIds.length > 0) {
      await events.publish(userId, { type: 'habits', payload: { ids: movedHabitIds } });
    }
    return c.json(result);
  });
  return app;
}
