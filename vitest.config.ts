import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Client component tests (*.test.tsx) choose jsdom per file; everything else runs in node.
    include: ['tests/**/*.test.ts', 'tests/client/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Migrates one template database per run; each test file's database is a copy of it (tests/helpers/db.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // The process logger is silent in tests (TEST_LOGS=1 shows it).
    setupFiles: ['tests/helpers/quiet-logs.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep parallel files modest so argon2, sharp and ffmpeg don't starve each other.
    maxWorkers: 2,
    // One studio thread per test process (each holds OpenCV.js + TF.js, ~400 MB); the server default is one per core.
    // The AWS SDK warns once per process that its 2027 releases need Node 22 (@aws-sdk/core
    // emitWarningIfUnsupportedVersion); the suite runs on Node 20 (engines), so that line is noise here.
    env: { STUDIO_THREADS: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
