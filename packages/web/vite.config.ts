import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * boot.js, inline in index.html's <head>: it must run before the first paint (the saved theme,
 * the first screen's reads), and as a file of its own it cost a phone's first load a round trip
 * before anything could paint (docs/performance.md). The server allows it by its hash.
 */
function inlineBootScript(): Plugin {
  const marker = '<script data-inline="boot.js"></script>';
  const file = fileURLToPath(new URL('./boot.js', import.meta.url));
  return {
    name: 'habitquest-inline-boot',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(marker)) throw new Error(`index.html has no ${marker}`);
        // A function, so that `$` in the script is not read as a replacement pattern.
        return html.replace(marker, () => `<script>${readFileSync(file, 'utf8').trim()}</script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    inlineBootScript(),
    react(),
    tailwindcss(),
    // The service worker (src/sw.ts → dist/sw.js): precaches the shell, answers navigations with
    // it. The manifest is a file of public/ and the app registers the worker itself, after its
    // first render (src/app/service-worker.ts), so the plugin writes neither.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        // Every chunk (the lazy ones too: a dialog opens offline), the shell's files, the icons
        // and the Ogg sounds (~50 KB, what the audio engine tries first). Not the WAV fallbacks
        // (~450 KB, for browsers without Ogg Vorbis) nor the precompressed copies.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}', 'sounds/*.ogg'],
        globIgnores: ['**/node_modules/**', 'sw.js', '**/*.{br,gz}'],
        // The analytics chunk (charts) is the largest, ~400 KB before compression.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // Every `import … from 'zod'` in the browser (the contracts' schemas) gets zod in jitless mode.
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/app/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod (the wire schemas the lazy forms check with) in a chunk of its own: it must not
            // ride into the first download with shared code such as the form hook.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|zod-jitless/, priority: 2 },
            // Everything the entry imports statically in one chunk: a first load then asks for
            // two scripts instead of seventeen, each a round trip on a phone's HTTP/1.1
            // connections (docs/performance.md, "One file, and the first screen's reads").
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
