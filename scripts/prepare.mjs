// The package's prepare script. npm runs prepare in two kinds of places: a clone's own
// `npm install` (and `npm pack`, whose prepack builds already), where building would only slow
// every install down; and a package installed as a dependency from git or from a directory
// (`npm install git+https://…`, `npm install ../symbol-gateway`), whose install ships only what
// prepare builds. npm runs both from the package's directory and sets INIT_CWD to the directory
// it was invoked in: when that lies outside the package, this is a dependency install, so build.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, relative, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const invokedIn = process.env.INIT_CWD ?? root;
const inside = relative(root, invokedIn);
const asDependency = inside.startsWith('..') || isAbsolute(inside);

const built = existsSync(join(root, 'dist', 'index.js'));
const buildable = existsSync(join(root, 'node_modules', '.bin', 'tsup'));

if (asDependency && buildable) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
} else if (asDependency && !built) {
  console.error(`symbol-gateway: ${root} has no development dependencies, so it cannot be built here;`);
  console.error(`run \`npm install && npm run build\` in ${root}, or install the package from the registry.`);
  process.exit(1);
}
