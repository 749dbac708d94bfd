import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
