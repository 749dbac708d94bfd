import { describe, expect, it } from 'vitest';
import { toApiError } from './api';

describe('reading error answers', () => {
  it('reads the API error shape with its details', () => {
    const error = toApiError(403, {
      error: {
        code: 'LIMIT_REACHED',
        message: 'Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!',
        resource: 'habits',
        limit: 15,
      },
    });
    expect(error).toMatchObject({
      status: 403,
      code: 'LIMIT_REACHED',
      details: { resource: 'habits', limit: 15 },
    });
    expect(error.message).toContain('15 habits');
  });

  it("reads Better Auth's flat shape", () => {
    expect(
      toApiError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    ).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('falls back to the generic message', () => {
    expect(toApiError(502, '<html>Bad gateway</html>')).toMatchObject({
      code: 'ERROR',
      message: 'An error occurred',
    });
    expect(toApiError(500, { error: { code: 42 } })).toMatchObject({
      message: 'An error occurred',
    });
  });
});
