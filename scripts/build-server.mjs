#!/usr/bin/env node
// Bundles the server for production: packages/server/dist/main.js (the product) and
// dist/admin.js (the operator commands). The workspace packages (core, contracts) are TypeScript
// and go into the bundle; everything from node_modules stays an import, so native and wasm parts
// (PGlite) load from their packages as usual. Node runs the result directly: no tsx at run time.
// `--outdir <dir>` writes elsewhere (the production-start test builds into a folder of its own
// beside dist/, at the same depth, so the bundle finds drizzle/ and node_modules the same way).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(root, values.outdir ?? 'packages/server/dist');

/** Bundle our own TypeScript; leave every npm package (and node:*) to Node's resolver. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@habitquest/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    main: path.join(server, 'src/main.ts'),
    admin: path.join(server, 'src/admin/cli.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(`› Built ${path.relative(root, outdir)} (main.js, admin.js)`);
