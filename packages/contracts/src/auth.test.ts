import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  isUsernameIdentifier,
  OAUTH_PROVIDER_LABELS,
  OAUTH_PROVIDERS,
  oauthNotSetUpMessage,
  zAuthProviders,
  zEmail,
  zPasswordResetRequest,
  zSignIn,
  zSignUp,
  zUsername,
} from './auth';

describe('zSignIn', () => {
  it('accepts an e-mail or a username with a password of 6–128 characters', () => {
    expect(zSignIn.parse({ identifier: ' ada@example.com ', password: 'secret' })).toEqual({
      identifier: 'ada@example.com',
      password: 'secret',
    });
    expect(zSignIn.parse({ identifier: 'ada', password: 'x'.repeat(128) }).identifier).toBe('ada');
  });

  it('says what is missing', () => {
    const messages = zSignIn
      .safeParse({ identifier: '  ', password: '' })
      .error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([AUTH_MESSAGES.identifierRequired, AUTH_MESSAGES.passwordRequired]);
  });

  it('enforces the password bounds without trimming', () => {
    expect(
      zSignIn.safeParse({ identifier: 'a', password: '12345' }).error?.issues[0]?.message,
    ).toBe('Password must be at least 6 characters');
    expect(zSignIn.safeParse({ identifier: 'a', password: 'x'.repeat(129) }).success).toBe(false);
    expect(zSignIn.parse({ identifier: 'a', password: ' pass ' }).password).toBe(' pass ');
  });

  it('refuses wrong types, huge identifiers and unknown keys', () => {
    expect(zSignIn.safeParse({ identifier: 5, password: 'secret' }).success).toBe(false);
    expect(zSignIn.safeParse({ identifier: 'x'.repeat(255), password: 'secret' }).success).toBe(
      false,
    );
    expect(zSignIn.safeParse({ identifier: 'a', password: 'secret', remember: 1 }).success).toBe(
      false,
    );
  });
});

describe('isUsernameIdentifier', () => {
  it("treats an identifier without '@' as a username (docs/product.md)", () => {
    expect(isUsernameIdentifier('ada_l')).toBe(true);
    expect(isUsernameIdentifier('ada@example.com')).toBe(false);
  });
});

describe('zUsername', () => {
  it('lowercases and accepts 3–30 of a–z, 0–9 and _', () => {
    expect(zUsername.parse(' Ada_Lovelace1 ')).toBe('ada_lovelace1');
    expect(zUsername.parse('abc')).toBe('abc');
    expect(zUsername.parse('x'.repeat(30))).toBe('x'.repeat(30));
  });

  it.each(['ab', 'x'.repeat(31), 'ada lovelace', 'ada-l', 'ada@x', 'ädä', ''])(
    'rejects %j',
    (name) => {
      expect(zUsername.safeParse(name).success).toBe(false);
    },
  );

  it('explains the allowed characters', () => {
    expect(zUsername.safeParse('no spaces').error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.usernameCharacters,
    );
  });
});

describe('zSignUp and zPasswordResetRequest', () => {
  it('normalise the e-mail and username', () => {
    expect(
      zSignUp.parse({ email: ' Ada@Example.COM ', username: 'Ada', password: 'secret1' }),
    ).toEqual({ email: 'ada@example.com', username: 'ada', password: 'secret1' });
    expect(zPasswordResetRequest.parse({ email: 'ada@example.com' })).toEqual({
      email: 'ada@example.com',
    });
  });

  it('refuse malformed e-mails, short passwords and extra keys', () => {
    for (const email of ['ada', 'ada@', '@example.com', '', `${'x'.repeat(250)}@example.com`]) {
      expect(zEmail.safeParse(email).success).toBe(false);
    }
    expect(zSignUp.safeParse({ email: 'a@b.co', username: 'ada', password: '123' }).success).toBe(
      false,
    );
    expect(zPasswordResetRequest.safeParse({}).success).toBe(false);
    expect(
      zPasswordResetRequest.safeParse({ email: 'a@b.co', redirectTo: 'https://evil' }).success,
    ).toBe(false);
  });
});

describe('OAuth providers', () => {
  it('names an unconfigured provider in words the UI can show', () => {
    expect(oauthNotSetUpMessage('github')).toBe(
      'Sign-in with GitHub is not set up on this server.',
    );
    expect(oauthNotSetUpMessage('google')).toBe(
      'Sign-in with Google is not set up on this server.',
    );
    expect(oauthNotSetUpMessage('discord')).toBe(
      'Sign-in with Discord is not set up on this server.',
    );
    expect(oauthNotSetUpMessage('myspace')).toBe(
      'This sign-in method is not available on this server.',
    );
  });

  it('describes the providers answer', () => {
    const answer = { providers: { google: false, github: true, discord: false } };
    expect(zAuthProviders.parse(answer)).toEqual(answer);
    expect(zAuthProviders.safeParse({ providers: { google: 'yes' } }).success).toBe(false);
    expect(OAUTH_PROVIDERS.map((provider) => OAUTH_PROVIDER_LABELS[provider])).toEqual([
      'Google',
      'GitHub',
      'Discord',
    ]);
  });
});
