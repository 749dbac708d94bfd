import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, readOptions } from './options';

describe('the shell options', () => {
  it('defaults: the embedded server on the fixed port, data under XDG_DATA_HOME', () => {
    const options = readOptions([], { HOME: '/home/ada' });
    expect(options).toMatchObject({
      url: null,
      port: DEFAULT_PORT,
      dataDir: '/home/ada/.local/share/habitquest-desktop',
      isHidden: false,
      browserFlags: [],
      hasTestHooks: false,
    });
    expect(readOptions([], { XDG_DATA_HOME: '/data' }).dataDir).toBe(
      path.join('/data', 'habitquest-desktop'),
    );
  });

  it('takes the command line over the environment', () => {
    const options = readOptions(
      ['--url', 'https://habits.example.com/some/page', '--port', '4000', '--hidden'],
      { HABITQUEST_URL: 'https://other.example.com', HABITQUEST_DESKTOP_PORT: '5000' },
    );
    // Only the origin: the window opens the app's root and locks navigation to it.
    expect(options).toMatchObject({
      url: 'https://habits.example.com',
      port: 4000,
      isHidden: true,
    });
    expect(
      readOptions([], { HABITQUEST_BROWSER_FLAGS: ' --disable-gpu  --foo ' }).browserFlags,
    ).toEqual(['--disable-gpu', '--foo']);
  });

  it('refuses a bad port, a URL that is not http(s) and an unknown option', () => {
    expect(() => readOptions(['--port', '0'], {})).toThrow(/--port/);
    expect(() => readOptions(['--port', 'abc'], {})).toThrow(/--port/);
    expect(() => readOptions(['--url', 'file:///etc/passwd'], {})).toThrow(/--url/);
    expect(() => readOptions(['--nope'], {})).toThrow();
  });
});
