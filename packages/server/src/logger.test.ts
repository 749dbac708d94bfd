import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { chunks, destination };
}

describe('log format', () => {
  it('writes one JSON object per line by default', () => {
    const { chunks, destination } = capture();
    createLogger('info', destination).info({ port: 3000 }, 'HabitQuest is ready on port 3000');
    const entry = JSON.parse(chunks.join('')) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 30, port: 3000, msg: 'HabitQuest is ready on port 3000' });
  });

  it('writes readable lines when asked, still without credentials', async () => {
    const { chunks, destination } = capture();
    const logger = createLogger('info', destination, 'pretty');
    logger.info({ port: 3000, user: { password: 'hunter22' } }, 'HabitQuest is ready');
    logger.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = chunks.join('');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: HabitQuest is ready/);
    expect(text).toContain('port: 3000');
    expect(text).not.toContain('hunter22');
    expect(() => JSON.parse(text) as unknown).toThrow();
  });
});
