import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = 'tests/**/*.test.ts';

/**
 * Files that replace a module (`vi.mock`) need a module graph of their own: in a shared one the
 * module may already be loaded, real, by an earlier file. Read off the files, so a new mock cannot
 * land in the shared project by mistake.
 */
const mocksModule = (file: string) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8'));
const mocking = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .map((file) => `tests/${file}`)
  .filter((file) => file.endsWith('.test.ts') && mocksModule(file));
const CLIENT_TESTS = 'tests/client/**/*.test.tsx';
/**
 * Component tests that need a fresh module graph: those that mock a module, and those that render the
 * LanguageProvider, whose page language is module state a shared graph would carry into the next file.
 */
const clientOwnProcess = readdirSync('tests/client', { encoding: 'utf8' })
  .map((file) => `tests/client/${file}`)
  .filter((file) => file.endsWith('.test.tsx') && (mocksModule(file) || /\bLanguageProvider\b/.test(readFileSync(file, 'utf8'))));
/** After every component test (cleanup, caches); a setup file runs for each file, also in a shared module graph (added to the root's). */
const CLIENT_SETUP = ['tests/client/setup.ts'];

/**
 * The database's name in the project names: vitest orders a run's files by their durations in the last run of the
 * same project, and on PostgreSQL the longest file (the 60 s load test) is skipped on PGlite, so a shared name would
 * start it last, alone.
 */
const onDb = process.env.TEST_DATABASE_URL ? ' (PostgreSQL)' : '';

export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Migrates one template database per run; each test file's database is a copy of it (tests/helpers/db.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // The process logger is silent in tests (TEST_LOGS=1 shows it).
    setupFiles: ['tests/helpers/quiet-logs.ts'],
    // Generous: three files share two cores, and a cold studio thread alone can take 20 s to load.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Three files at once on the 2 cores the suite is measured on: many files spend part of their time waiting
    // on sockets, timers and child processes, which the third fills (557 s instead of 613–627 s, 2026-11-28).
    // Each worker holds the server, OpenCV.js and PGlite (up to 2.5 GB), and more would starve argon2, sharp
    // and ffmpeg on 2 cores.
    maxWorkers: 3,
    // One studio thread per test process (each holds OpenCV.js + TF.js, ~400 MB); the server default is one per core.
    // The AWS SDK warns once per process that its 2027 releases need Node 22 (@aws-sdk/core
    // emitWarningIfUnsupportedVersion); the suite runs on Node 20 (engines), so that line is noise here.
    env: { STUDIO_THREADS: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        // The server's files share each worker's module graph (docs/decisions.md D67): the server, the
        // studio's OpenCV and PGlite load once per worker instead of once per file, which took half
        // the suite's time. Each file still gets its own database, server and pool; process-wide
        // state a file changes (the language source, process.env, fake timers) it puts back.
        extends: true,
        test: { name: `server${onDb}`, include: [SERVER_TESTS], exclude: [...mocking, 'tests/e2e/**'], isolate: false },
      },
      { extends: true, test: { name: `mocking${onDb}`, include: mocking.length ? mocking : ['(none)'] } },
      // Component tests (*.test.tsx) choose jsdom per file. They share each worker's module graph too (React,
      // Mantine and jsdom load once per worker: half the project's CPU); the query cache, the notifications'
      // store and the DOM are reset after every test (tests/client/setup.ts); clientOwnProcess above keep their own.
      {
        extends: true,
        test: { name: 'client', include: [CLIENT_TESTS], exclude: clientOwnProcess, isolate: false, setupFiles: CLIENT_SETUP },
      },
      {
        extends: true,
        test: { name: 'client (own process)', include: clientOwnProcess.length ? clientOwnProcess : ['(none)'], setupFiles: CLIENT_SETUP },
      },
    ],
  },
});
