/** The command's log on stdout, written in batches (`BatchedLines`): every access line out by the time it exits, and soon on an idle gateway. */
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BatchedLines } from '../src/http/access-log.js';
import { listening } from './support/cli.js';

/** The access log lines (JSON, `"msg":"request"`) of `output`. */
function accessLines(output: string): { reqId: string | number }[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { reqId: string | number });
}

describe('symbol-gateway access log', () => {
  it('writes a line for each of 300 requests by the time it exits on SIGTERM', async () => {
    const { base, child, output } = await listening(['--block-time', '0', '--accounts', '1']);
    const count = 300;
    // Ten at a time: the lines pile up in the log's buffer faster than a periodic flush writes them.
    for (let i = 0; i < count; i += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, j) => fetch(`${base}/blocks/1`, { headers: { 'x-request-id': `r${i + j}` } })));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      }
    }
    const closed = once(child, 'close');
    child.kill('SIGTERM');
    await closed;
    const ids = accessLines(output()).map((line) => line.reqId);
    expect(ids).toHaveLength(count);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: count }, (_, i) => `r${i}`)));
  }, 60_000);

  it('writes the line of a lone request on an idle gateway within a second', async () => {
    const { base, output } = await listening(['--block-time', '0', '--accounts', '1']);
    const answer = await fetch(`${base}/blocks/1`, { headers: { 'x-request-id': 'lone' } });
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    const answeredAt = Date.now();
    while (!output().includes('"reqId":"lone"') && Date.now() - answeredAt < 2_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(accessLines(output()).map((line) => line.reqId)).toEqual(['lone']);
    expect(Date.now() - answeredAt).toBeLessThan(1_000);
  }, 60_000);
});

describe('BatchedLines', () => {
  it('writes lines in one batch once they reach batchLength, in order', () => {
    const written: string[] = [];
    const output = new BatchedLines({ write: (text: string) => written.push(text) }, { batchLength: 10 });
    output.write('abcd\n');
    expect(written).toEqual([]);
    output.write('efgh\n');
    output.write('ij\n');
    expect(written).toEqual(['abcd\nefgh\n']);
    output.flush();
    output.flush();
    expect(written).toEqual(['abcd\nefgh\n', 'ij\n']);
  });

  it('writes what waits after intervalMs, and answers pino’s flush(done)', async () => {
    const written: string[] = [];
    const output = new BatchedLines({ write: (text: string) => written.push(text) }, { intervalMs: 20 });
    output.write('one\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toEqual(['one\n']);
    output.write('two\n');
    await new Promise<void>((resolve) => output.flush(() => resolve()));
    expect(written).toEqual(['one\n', 'two\n']);
  });
});
