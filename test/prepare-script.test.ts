/**
 * The package's `prepare` script (scripts/prepare.mjs), run as npm runs it: from the package's
 * directory, with INIT_CWD the directory npm was invoked in. It builds when the package is
 * installed as a dependency (from git, or a directory: npm invoked elsewhere), and not in a
 * clone's own `npm install` or `npm pack` (invoked in the package). The script runs in a copy of
 * the package whose build only leaves a mark. The install from git itself takes about a minute
 * (npm installs the clone's development dependencies, then the build runs): `npm run check:git-install`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = new URL('../scripts/prepare.mjs', import.meta.url);
const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A package with the script, a build that marks the directory, and (`buildable`) a build tool in node_modules. */
function packageCopy({ buildable, built }: { buildable: boolean; built: boolean }): string {
  const root = mkdtempSync(join(tmpdir(), 'prepare-'));
  made.push(root);
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'src'));
  cpSync(SCRIPT, join(root, 'scripts', 'prepare.mjs'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'copy', version: '1.0.0', type: 'module', scripts: { build: 'node -e "require(\'fs\').writeFileSync(\'built-mark\', \'\')"' } }));
  if (buildable) {
    mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(root, 'node_modules', '.bin', 'tsup'), '');
  }
  if (built) {
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.js'), '');
  }
  return root;
}

/** Runs the script as npm runs prepare, invoked in `invokedIn`. */
function prepare(root: string, invokedIn: string): { status: number | null; stderr: string; built: boolean } {
  const { status, stderr } = spawnSync(process.execPath, [join(root, 'scripts', 'prepare.mjs')], { cwd: root, env: { ...process.env, INIT_CWD: invokedIn }, encoding: 'utf8' });
  return { status, stderr, built: existsSync(join(root, 'built-mark')) };
}

describe('the prepare script', () => {
  it("builds nothing in the package's own install or pack (npm invoked in it or below it)", () => {
    const root = packageCopy({ buildable: true, built: false });
    expect(prepare(root, root)).toMatchObject({ status: 0, built: false });
    expect(prepare(root, join(root, 'src'))).toMatchObject({ status: 0, built: false });
  });

  it('builds when npm installs the package as a dependency (invoked in another directory)', () => {
    const root = packageCopy({ buildable: true, built: false });
    const app = mkdtempSync(join(tmpdir(), 'prepare-app-'));
    made.push(app);
    expect(prepare(root, app)).toMatchObject({ status: 0, built: true });
  });

  it('says what to do when it cannot build a dependency that ships nothing, and lets one that is built be', () => {
    const app = mkdtempSync(join(tmpdir(), 'prepare-app-'));
    made.push(app);
    const bare = packageCopy({ buildable: false, built: false });
    const refused = prepare(bare, app);
    expect(refused).toMatchObject({ status: 1, built: false });
    expect(refused.stderr).toContain(`symbol-gateway: ${bare} has no development dependencies, so it cannot be built here;`);
    expect(refused.stderr).toContain(`run \`npm install && npm run build\` in ${bare}, or install the package from the registry.`);
    expect(prepare(packageCopy({ buildable: false, built: true }), app)).toMatchObject({ status: 0, built: false });
  });
});
