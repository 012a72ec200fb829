import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InboundQueue } from '../../../src/memory/transactions/inbound-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('InboundQueue', () => {
  it('checks each item delay ms after it arrived, never with an earlier one', async () => {
    const checked: [string, number][] = [];
    const start = performance.now();
    const queue = new InboundQueue<string>(100, (item) => checked.push([item, performance.now() - start]));
    queue.push('first');
    await sleep(60);
    queue.push('second');
    await sleep(60); // 120 ms: the first is due, the second is not
    expect(checked.map(([item]) => item)).toEqual(['first']);
    await sleep(80);
    expect(checked.map(([item]) => item)).toEqual(['first', 'second']);
    expect(checked[0][1]).toBeGreaterThanOrEqual(99);
    expect(checked[1][1]).toBeGreaterThanOrEqual(159);
  });

  it('drain checks everything waiting now, in arrival order, and nothing is checked twice', async () => {
    const checked: number[] = [];
    const queue = new InboundQueue<number>(50, (item) => checked.push(item));
    for (let i = 0; i < 5; i++) queue.push(i);
    queue.drain();
    expect(checked).toEqual([0, 1, 2, 3, 4]);
    expect(queue.size).toBe(0);
    await sleep(80);
    expect(checked).toEqual([0, 1, 2, 3, 4]);
  });

  it('drainDue checks only the items that are due, and the rest on their own time', async () => {
    let now = 0;
    const checked: string[] = [];
    const queue = new InboundQueue<string>(100, (item) => checked.push(item), () => now);
    queue.push('old');
    now = 60;
    queue.push('new');
    now = 100;
    queue.drainDue();
    expect(checked).toEqual(['old']);
    expect(queue.size).toBe(1);
    now = 160;
    await sleep(80); // the queue's timer, rescheduled by drainDue, checks the one that is due now
    expect(checked).toEqual(['old', 'new']);
    queue.close();
  });

  it('reports an item that throws and goes on with the rest', () => {
    const checked: number[] = [];
    const queue = new InboundQueue<number>(0, (item) => {
      if (item === 1) throw new Error('broken');
      checked.push(item);
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      for (const item of [0, 1, 2]) queue.push(item);
      queue.drain();
    } finally {
      console.error = original;
    }
    expect(checked).toEqual([0, 2]);
    expect(errors).toHaveLength(1);
  });

  it('checks a long queue in slices, so other work gets turns of the event loop in between', async () => {
    let checked = 0;
    const queue = new InboundQueue<number>(0, () => {
      const until = performance.now() + 1;
      while (performance.now() < until); // one millisecond of work per item
      checked++;
    });
    for (let i = 0; i < 200; i++) queue.push(i);
    const seenWhileChecking: number[] = [];
    const ticker = setInterval(() => seenWhileChecking.push(checked), 1);
    while (queue.size > 0) await sleep(5);
    clearInterval(ticker);
    expect(checked).toBe(200);
    // The timer ran while items were still waiting: no turn took all 200 ms.
    expect(seenWhileChecking.some((count) => count > 0 && count < 200)).toBe(true);
  });

  it('goes on with the next slice at once when nothing else wakes the event loop', async () => {
    // In a process of its own, so no other timer or socket of the test runner wakes the loop.
    const fixture = fileURLToPath(new URL('../../fixtures/inbound-queue-idle.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      timeout: 20_000,
    });
    // 40 items of 1 ms each in slices of 10 ms: well under a second, not the 3 s of the idle timer.
    expect(stdout).toMatch(/^\d+\n$/);
    expect(Number(stdout)).toBeLessThan(1000);
  });

  it('close stops the timer; what waits is checked at the next drain', async () => {
    const checked: number[] = [];
    const queue = new InboundQueue<number>(20, (item) => checked.push(item));
    queue.push(1);
    queue.close();
    await sleep(50);
    expect(checked).toEqual([]);
    queue.drain();
    expect(checked).toEqual([1]);
  });
});
