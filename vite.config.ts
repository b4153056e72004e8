import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Client build only. The Express server serves `dist/client` in production and
 * mounts Vite in middleware mode (with this same config) during development.
 * Tests have their own vitest.config.ts.
 */
export default defineConfig({
  root: '.',
  publicDir: 'client/public',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
