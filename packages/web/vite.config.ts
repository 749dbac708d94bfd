import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
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
    rollupOptions: {
      output: {
        // zod (the wire schemas the lazy forms check with) in a chunk of its own: shared code
        // such as the form hook is grouped with what shares it, and must not carry zod into the
        // first download.
        manualChunks: (id: string) =>
          /[\\/]node_modules[\\/]zod[\\/]|zod-jitless/.test(id) ? 'zod' : undefined,
      },
    },
  },
});
