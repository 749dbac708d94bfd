/**
 * Tests only: a jsdom document for component tests, set up when first imported. Import it before
 * anything else in the test file (React DOM decides at import time whether a DOM exists):
 *   import '../../../test-dom.mjs';
 *
 * Why not `// @vitest-environment jsdom`: the installed jsdom (31) and its undici expect Node 22
 * (zlib's zstd decoder, worker_threads' markAsUncloneable, Promise.withResolvers, the global
 * Iterator and its helpers) and fail to load
 * on the Node 20 this project supports. None of these matters to a component test, so each gets a
 * stand-in here before Vitest's own jsdom environment is started. On Node 22 the docblock would do.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import workerThreads from 'node:worker_threads';
import zlib from 'node:zlib';
import { builtinEnvironments } from 'vitest/runtime';

/** The iterator helpers of ES2025 that jsdom calls (map, filter, find, some, every, …). */
function installIteratorHelpers(prototype) {
  const each = (iterator) => ({ [Symbol.iterator]: () => iterator });
  const helpers = {
    *map(fn) {
      let index = 0;
      for (const value of each(this)) yield fn(value, index++);
    },
    *filter(fn) {
      let index = 0;
      for (const value of each(this)) if (fn(value, index++)) yield value;
    },
    *flatMap(fn) {
      let index = 0;
      for (const value of each(this)) yield* fn(value, index++);
    },
    find(fn) {
      let index = 0;
      for (const value of each(this)) if (fn(value, index++)) return value;
      return undefined;
    },
    some(fn) {
      return this.find((value, index) => fn(value, index)) !== undefined;
    },
    every(fn) {
      let index = 0;
      for (const value of each(this)) if (!fn(value, index++)) return false;
      return true;
    },
    forEach(fn) {
      let index = 0;
      for (const value of each(this)) fn(value, index++);
    },
    reduce(fn, ...initial) {
      let index = 0;
      let hasAccumulator = initial.length > 0;
      let accumulator = initial[0];
      for (const value of each(this)) {
        accumulator = hasAccumulator ? fn(accumulator, value, index) : value;
        hasAccumulator = true;
        index += 1;
      }
      return accumulator;
    },
    toArray() {
      return [...each(this)];
    },
  };
  for (const [name, fn] of Object.entries(helpers)) {
    if (!(name in prototype)) {
      Object.defineProperty(prototype, name, { value: fn, writable: true, configurable: true });
    }
  }
}

if (typeof zlib.createZstdDecompress !== 'function') {
  zlib.createZstdDecompress = () => {
    throw new Error('zstd is not available on this Node version');
  };
  zlib.constants.ZSTD_d_windowLogMax ??= 100;
}
workerThreads.markAsUncloneable ??= () => {
  // Nothing is ever posted between threads in a test.
};
Promise.withResolvers ??= function withResolvers() {
  let resolve;
  let reject;
  const promise = new this((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};
if (typeof globalThis.Iterator === 'undefined') {
  // The prototype every built-in iterator inherits from: enough for `class X extends Iterator`.
  const prototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  function Iterator() {
    // Only a constructor to extend.
  }
  Iterator.prototype = prototype;
  globalThis.Iterator = Iterator;
  installIteratorHelpers(prototype);
  // jsdom copies every global it lists into each window's fresh realm, where Node 20 has no
  // Iterator: take it off the (shared, cached) list before jsdom reads it.
  const require = createRequire(import.meta.url);
  const jsdomRoot = path.dirname(require.resolve('jsdom'));
  delete require(path.join(jsdomRoot, 'generated/js-globals.json')).Iterator;
}

if (typeof globalThis.document === 'undefined') {
  await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { url: 'http://localhost:3000/' } });
}
