import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['js-tests/**/*.test.{ts,mjs,cjs}'],
    // The suites import the built package by name ("modoki-budget" resolves to this package
    // through Node's self-reference via package.json "exports"); keep it external so Node,
    // not Vite, loads it exactly as a user's process would.
    server: { deps: { external: [/\/node\/index\.(c|m)js$/, /\/pkg\//] } },
    // The JSON report lets .ci/run print a plain "N passed, N failed" line for CI.
    reporters: ['default', ['json', { outputFile: 'target/vitest-report.json' }]],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
