/**
 * Runs one suite in this process and sends its outcome to the parent (run.ts) over IPC.
 * Alone it prints the outcome: `node --cpu-prof --import tsx bench/run-suite.ts announce`
 * profiles a suite's server process (BENCH_QUICK=1 for reduced sizes).
 */
import type { Suite } from './lib/suite.js';

const [name] = process.argv.slice(2);
const quick = process.env.BENCH_QUICK === '1';
const suite = ((await import(`./suites/${name}.js`)) as { default: Suite }).default;
const outcome = await suite({ quick, log: (message) => console.log(`  [${name}] ${message}`) });
if (process.send) process.send({ outcome }, () => process.exit(0));
else {
  console.log(JSON.stringify(outcome, null, 2));
  process.exit(0);
}
