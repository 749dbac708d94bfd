import type { Mail } from '../mail/mailer';

/** The password-reset mail: the link works once and for one hour. */
export function passwordResetMail(options: { to: string; link: string }): Mail {
  const { to, link } = options;
  return {
    to,
    subject: 'Reset your HabitQuest password',
    text: [
      'Someone (hopefully you) asked to reset the password of your HabitQuest account.',
      '',
      `Choose a new password here: ${link}`,
      '',
      'The link will expire in 1 hour and works once. If you did not ask for it, ignore this mail.',
    ].join('\n'),
    html: `<p>Someone (hopefully you) asked to reset the password of your HabitQuest account.</p><p><a href="${link}">Choose a new password</a></p><p>The link will expire in 1 hour and works once. If you did not ask for it, ignore this mail.</p>`,
  };
}

/**
 * The same link for an account that has no password yet (made through Google, GitHub or
 * Discord): following it sets the account's first one, after which the e-mail or username and
 * that password sign in too (docs/product.md, "Settings").
 */
export function setPasswordMail(options: { to: string; link: string }): Mail {
  const { to, link } = options;
  return {
    to,
    subject: 'Set a password for HabitQuest',
    text: [
      'Someone (hopefully you) asked to set a password for your HabitQuest account. It signs in with Google, GitHub or Discord today; with a password, your e-mail address or username signs in too.',
      '',
      `Choose your password here: ${link}`,
      '',
      'The link will expire in 1 hour and works once. If you did not ask for it, ignore this mail.',
    ].join('\n'),
    html: `<p>Someone (hopefully you) asked to set a password for your HabitQuest account. It signs in with Google, GitHub or Discord today; with a password, your e-mail address or username signs in too.</p><p><a href="${link}">Choose your password</a></p><p>The link will expire in 1 hour and works once. If you did not ask for it, ignore this mail.</p>`,
  };
}
