import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of every answer. Scripts come from this origin only, and the pages
 * this server sends (index.html) may add the hashes of the inline scripts they carry: the web
 * build inlines one, boot.js (packages/web/README.md), which must run before the first paint and
 * would cost a phone a round trip as a file of its own (docs/performance.md).
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[] = []): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    // An injected <base> cannot re-point the app's relative URLs, and a form can only be
    // submitted here. The app's forms are handled in script; Stripe Checkout and OAuth are
    // reached by navigating to a URL the API returns, which form-action does not govern.
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** `sha256-…` of each inline script of a page (a `<script>` without `src`), as CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

const DEFAULT_POLICY = contentSecurityPolicy();

/** Gives an answer the policy without inline scripts, unless its handler set its page's own. */
export function contentSecurityPolicyHeader(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy'))
      c.res.headers.set('Content-Security-Policy', DEFAULT_POLICY);
  };
}
