import { validationIssues } from '@habitquest/contracts/errors';
import { zSignUp } from '@habitquest/contracts/auth';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import { session } from '../db/schema';

export type CreateUserResult =
  | { isCreated: true; user: { id: string; email: string; username: string } }
  | { isCreated: false; message: string };

/**
 * `create-user <email> <username> <password>`: signs the account up through Better Auth's own
 * server API, so the password is hashed exactly as a web sign-up hashes it and the account gets
 * its defaults from the same hook.
 */
export async function createUser(options: {
  auth: Auth;
  db: Database;
  email: string;
  username: string;
  password: string;
}): Promise<CreateUserResult> {
  const { auth, db } = options;
  const parsed = zSignUp.safeParse({
    email: options.email,
    username: options.username,
    password: options.password,
  });
  if (!parsed.success) {
    const messages = validationIssues(parsed.error).map(({ message }) => message);
    return { isCreated: false, message: messages.join('; ') };
  }
  const { email, username, password } = parsed.data;
  try {
    const created = await auth.api.signUpEmail({
      body: { email, username, password, name: username },
    });
    // Sign-up signs in; nobody holds this session, so it should not exist.
    await db.delete(session).where(eq(session.userId, created.user.id));
    return { isCreated: true, user: { id: created.user.id, email, username } };
  } catch (error) {
    if (error instanceof APIError) return { isCreated: false, message: error.message };
    throw error;
  }
}
