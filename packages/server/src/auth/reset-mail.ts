import type { Mail } from '../mail/mailer';

const EXPIRY =
  'The link will expire in 1 hour and works once. If you did not ask for it, ignore this mail.';

/** A mail of one link that works once and for one hour: why it came, then the link. */
function linkMail(options: {
  to: string;
  subject: string;
  why: string;
  action: string;
  link: string;
}): Mail {
  const { to, subject, why, action, link } = options;
  return {
    to,
    subject,
    text: [why, '', `${action} here: ${link}`, '', EXPIRY].join('\n'),
    html: `<p>${why}</p><p><a href="${link}">${action}</a></p><p>${EXPIRY}</p>`,
  };
}

/** The password-reset mail. */
export function passwordResetMail(options: { to: string; link: string }): Mail {
  return linkMail({
    ...options,
    subject: 'Reset your HabitQuest password',
    why: 'Someone (hopefully you) asked to reset the password of your HabitQuest account.',
    action: 'Choose a new password',
  });
}

/**
 * The same link for an account that has no password yet (made through Google, GitHub or
 * Discord): following it sets the account's first one, after which the e-mail or username and
 * that password sign in too (docs/product.md, "Settings").
 */
export function setPasswordMail(options: { to: string; link: string }): Mail {
  return linkMail({
    ...options,
    subject: 'Set a password for HabitQuest',
    why: 'Someone (hopefully you) asked to set a password for your HabitQuest account. It signs in with Google, GitHub or Discord today; with a password, your e-mail address or username signs in too.',
    action: 'Choose your password',
  });
}
