#!/usr/bin/env node
// Adds up the Vitest and Playwright results into one closing line: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

const vitestFile = 'test-results/vitest.json';
if (existsSync(vitestFile)) {
  const vitest = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  console.log(
    `unit + integration: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`,
  );
}
const e2eFile = 'test-results/e2e.json';
if (existsSync(e2eFile)) {
  const { stats } = JSON.parse(readFileSync(e2eFile, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
  console.log(`end-to-end: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
