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
