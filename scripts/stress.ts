/**
 * `npm run test:stress [-- --runs N]`: the unit and integration suites while every core is kept
 * busy by a spinning process, N times in a row (3 by default). It shows that no test waits for a
 * time instead of for what it needs: a suite that passes here passes on a loaded CI machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of at least 1');
  process.exit(2);
}

// One spinning process per core, each at normal priority, for as long as the suites run.
const burners: ChildProcess[] = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stopBurners);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143)); // 'exit' runs, so no spinner outlives the command

let failed = 0;
for (let run = 1; run <= runs; run++) {
  for (const project of ['unit', 'integration']) {
    const started = Date.now();
    const result = spawnSync('npx', ['vitest', 'run', '--project', project], { stdio: 'inherit' });
    const ok = result.status === 0;
    if (!ok) failed++;
    console.log(
      `stress run ${run}/${runs}, ${project}: ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s with ${burners.length} cores kept busy`,
    );
  }
}
stopBurners();
console.log(failed === 0 ? `stress: ${runs * 2} suite runs passed` : `stress: ${failed} of ${runs * 2} suite runs failed`);
process.exit(failed === 0 ? 0 : 1);
