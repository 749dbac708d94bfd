import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('the content security policy', () => {
  it('allows scripts from this origin only, plus the hashes a page names', () => {
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
    expect(contentSecurityPolicy(['sha256-abc='])).toContain("script-src 'self' 'sha256-abc=';");
    for (const directive of ["default-src 'self'", "base-uri 'self'", "form-action 'self'"])
      expect(contentSecurityPolicy(['sha256-abc='])).toContain(directive);
    const scripts = /script-src ([^;]*)/.exec(contentSecurityPolicy(['sha256-abc=']))?.[1];
    expect(scripts).toBe("'self' 'sha256-abc='");
  });

  it('hashes the text of each inline script exactly, and skips scripts loaded from a file', () => {
    const boot = "\n(function () { document.title = 'é $& </p>'; })();\n";
    const html = `<head><script>${boot}</script><script type="module" crossorigin src="/assets/a.js"></script>
      <SCRIPT nonce="x">two()</SCRIPT ></head><body><script src='/b.js'></script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(boot), sha256('two()')]);
    expect(inlineScriptHashes('<head></head>')).toEqual([]);
  });
});
