import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

/**
 * Client build only. The Express server serves `dist/client` in production and
 * mounts Vite in middleware mode (with this same config) during development.
 * Tests have their own vitest.config.ts.
 */
export default defineConfig({
  root: '.',
  publicDir: 'client/public',
  plugins: [
    react(),
    // Assets are compressed once at build, at the highest settings, and served as they are
    // (server/app.ts); compressing per request could only afford a fast, larger setting.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|svg|json|txt)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Read by .size-limit.mjs to know which chunks a route loads.
    manifest: true,
    rollupOptions: {
      output: {
        // Mantine's small shared helpers get a chunk of their own; left to the bundler they ride
        // inside the chunk of whichever big component (Popover, floating-ui) first used them,
        // and the first visit would load that component for a ten-line helper.
        manualChunks(id) {
          if (id.includes('/@mantine/core/esm/core/utils/') || id.includes('/@mantine/hooks/')) return 'mantine-utils';
          return undefined;
        },
      },
    },
  },
});
