import { describe, expect, it } from 'vitest';
import { feedbackMailto } from './feedback';

describe('feedbackMailto', () => {
  const href = feedbackMailto({
    to: 'feedback@habitquest.app',
    version: '0.1.0',
    browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  });
  const url = new URL(href);

  it('addresses the draft to the feedback address', () => {
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('feedback@habitquest.app');
  });

  it('prefills the subject and a body with the app version and the browser', () => {
    const params = new URLSearchParams(url.search);
    expect(params.get('subject')).toBe('HabitQuest feedback');
    const body = params.get('body') ?? '';
    expect(body).toContain('App version: 0.1.0');
    expect(body).toContain('Browser: Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0');
  });

  it('encodes spaces as %20 and never as +, which mail clients would show literally', () => {
    expect(href).not.toContain('+');
    expect(href).toContain('subject=HabitQuest%20feedback');
  });
});
