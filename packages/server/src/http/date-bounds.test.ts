/**
 * Every date that enters the API is a real calendar date from 1900-01-01 to 2200-12-31: a path
 * parameter, a query string, a body field. Dates outside used to pass validation and then fail
 * deeper in with 500 (year 0 does not exist in PostgreSQL; the week after 9999-12-31 has no
 * YYYY-MM-DD form); now each is a 400 VALIDATION that says what is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

type ErrorBody = { error: { code: string; message: string; issues?: { path: string }[] } };
const MESSAGE = 'The date must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)';

describe.each(DATABASE_KINDS)('date bounds on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;
  let habitId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ client } = await signUp(server));
    const me = await client.get<{ user: { id: string } }>('/api/me');
    // Analytics is Pro-only; the date checks are what is under test here.
    await server.database.db
      .insert(entitlements)
      .values({ userId: me.body.user.id, premiumHabit: true });
    const created = await client.post<{ id: string }>('/api/habits', { title: 'Read' });
    habitId = created.body.id;
  });
  afterAll(async () => {
    await server.stop();
  });

  function expectDateRefusal(response: { status: number; body: ErrorBody }, what: string) {
    expect(response.status, what).toBe(400);
    expect(response.body.error.code, what).toBe('VALIDATION');
    expect(response.body.error.message, what).toBe(MESSAGE);
  }

  it.each(['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31'])(
    'refuses a completion dated %s',
    async (date) => {
      const response = await client.request<ErrorBody>(
        'PUT',
        `/api/habits/${habitId}/completions/${date}`,
        { completed: true },
      );
      expectDateRefusal(response, date);
    },
  );

  it('refuses analytics for dates outside the supported years', async () => {
    for (const path of [
      'weekly?referenceDate=9999-12-31',
      'weekly?referenceDate=0000-01-01',
      'daily?date=9999-12-31',
      'daily?date=0000-01-01',
    ]) {
      expectDateRefusal(await client.get<ErrorBody>(`/api/analytics/${path}`), path);
    }
  });

  it('refuses date windows and habit dates outside the supported years', async () => {
    expectDateRefusal(
      await client.get<ErrorBody>('/api/completions?from=0000-01-01&to=0000-01-31'),
      'completions',
    );
    expectDateRefusal(
      await client.get<ErrorBody>('/api/habits?from=9999-12-01&to=9999-12-31'),
      'habits window',
    );
    expectDateRefusal(
      await client.post<ErrorBody>('/api/habits', {
        title: 'Someday',
        isRecurring: false,
        specificDate: '0000-01-01',
      }),
      'habit create',
    );
    expectDateRefusal(
      await client.patch<ErrorBody>(`/api/habits/${habitId}`, {
        isRecurring: false,
        specificDate: '9999-12-31',
      }),
      'habit update',
    );
  });

  it('accepts the first and last supported days', async () => {
    for (const date of ['1900-01-01', '2200-12-31']) {
      const weekly = await client.get(`/api/analytics/weekly?referenceDate=${date}`);
      expect(weekly.status, date).toBe(200);
      const daily = await client.get(`/api/analytics/daily?date=${date}`);
      expect(daily.status, date).toBe(200);
    }
    const window = await client.get('/api/completions?from=2200-12-01&to=2200-12-31');
    expect(window.status).toBe(200);
  });

  it('answers the analytics views at the edges of their own year range (2000–9999)', async () => {
    // A year query is not a date: it keeps its own range, and each end of it still answers.
    for (const path of ['overview?year=9999', 'monthly?year=9999&month=12', 'overview?year=2000']) {
      expect((await client.get(`/api/analytics/${path}`)).status, path).toBe(200);
    }
  });
});
