/**
 * README.md's shell commands run from a clone as written: the command is `npm start -- …` there
 * (`npx symbol-gateway` finds no binary in a clone: the package does not install itself), and the
 * subcommands it names answer their `--help`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { finished } from './support/cli.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** Every line of the README's sh code blocks. */
const shellLines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => block[1].split('\n'));

describe('README', () => {
  it('starts the command as a clone can: npm start, never npx', () => {
    expect(shellLines.filter((line) => line.trimStart().startsWith('npm start --')).length).toBeGreaterThan(3);
    expect(shellLines.filter((line) => /^\s*npx symbol-gateway\b/.test(line))).toEqual([]);
  });

  it('names subcommands the command has: each answers --help with exit 0', async () => {
    const subcommands = new Set(shellLines.flatMap((line) => /^\s*npm start -- ([a-z]+)\b/.exec(line)?.[1] ?? []));
    expect([...subcommands]).toContain('mirror');
    for (const subcommand of subcommands) {
      const { code, stdout } = await finished([subcommand, '--help']);
      expect(code, subcommand).toBe(0);
      expect(stdout).toContain(subcommand);
    }
  });
});
