/**
 * README.md's shell commands run from a clone as written: the command is `npm start -- …` there
 * (`npx symbol-gateway` finds no binary in a clone: the package does not install itself), and the
 * subcommands it names answer their `--help`; the examples' `GATEWAY_URL` and `PORT` are told, with
 * the default every example that reads one has; the npm scripts it names exist.
 */
import { readdirSync, readFileSync } from 'node:fs';
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

  it('says how to point the examples at a gateway: GATEWAY_URL, with the default each example that reads it has', () => {
    const stated = /`GATEWAY_URL` \(default `([^`]+)`/.exec(readme)?.[1];
    expect(stated).toBe('http://localhost:3000');
    // Where the command listens by default (its --port).
    expect(new URL(stated!).port).toBe(/\| `--port <n>` \(`PORT`\) \| `(\d+)` \|/.exec(readme)?.[1]);
    expect(shellLines.some((line) => /^GATEWAY_URL=http:\/\/\S+ .*npx tsx examples\/[\w-]+\.ts\b/.test(line))).toBe(true);
    const examples = new URL('../examples/', import.meta.url);
    const reading = readdirSync(examples)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({ file, text: readFileSync(new URL(file, examples), 'utf8') }))
      .filter(({ text }) => text.includes('GATEWAY_URL'));
    expect(reading.length).toBeGreaterThan(1);
    for (const { file, text } of reading) {
      const defaults = [...text.matchAll(/process\.env\.GATEWAY_URL \?\? '([^']*)'/g)].map((match) => match[1]);
      expect({ file, defaults }).toEqual({ file, defaults: [stated] });
      expect(text, file).toContain(`GATEWAY_URL, default ${stated}`);
    }
  });

  it('says the examples that serve listen on PORT, as each of them reads it', () => {
    expect(shellLines.some((line) => /^PORT=\d+ npx tsx examples\/[\w-]+\.ts\b/.test(line))).toBe(true);
    const examples = new URL('../examples/', import.meta.url);
    const serving = readdirSync(examples)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ file, text: readFileSync(new URL(file, examples), 'utf8') }))
      .filter(({ text }) => /\.listen\(/.test(text));
    expect(serving.map(({ file }) => file).sort()).toEqual(['express.ts', 'koa.ts', 'node-http.ts']);
    for (const { file, text } of serving) expect(text, file).toContain('.listen(Number(process.env.PORT || 3000)');
  });

  it('names npm scripts package.json has', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts);
    const named = [...new Set(shellLines.flatMap((line) => [...line.matchAll(/\bnpm run (?:-s )?([\w:-]+)/g)].map((match) => match[1])))];
    expect(named).toContain('postgres:replica');
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
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
