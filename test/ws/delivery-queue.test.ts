import { describe, expect, it } from 'vitest';
import { DeliveryQueue } from '../../src/ws/delivery-queue.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** After the code that pushed: the queue's microtask has run. */
const microtask = () => Promise.resolve();

describe('DeliveryQueue (the hub’s fan-out)', () => {
  function queue(sliceSize: number) {
    const sent: string[] = [];
    const deliveries = new DeliveryQueue<string>((subscriber, frame) => sent.push(`${subscriber}:${frame}`), sliceSize);
    return { sent, deliveries };
  }

  it('sends a fan-out within one slice right after the code that pushed it', async () => {
    const { sent, deliveries } = queue(3);
    deliveries.push(Buffer.from('e1'), ['a', 'b', 'c']);
    expect(sent).toEqual([]);
    await microtask();
    expect(sent).toEqual(['a:e1', 'b:e1', 'c:e1']);
  });

  it('sends a larger fan-out a slice per turn of the event loop', async () => {
    const { sent, deliveries } = queue(2);
    deliveries.push(Buffer.from('e1'), ['a', 'b', 'c', 'd', 'e']);
    await microtask();
    expect(sent).toEqual(['a:e1', 'b:e1']);
    await turn();
    expect(sent).toHaveLength(4);
    await turn();
    expect(sent).toEqual(['a:e1', 'b:e1', 'c:e1', 'd:e1', 'e:e1']);
  });

  it('keeps each subscriber’s frames in publish order behind a backlog', async () => {
    const { sent, deliveries } = queue(2);
    deliveries.push(Buffer.from('e1'), ['a', 'b', 'c']);
    deliveries.push(Buffer.from('e2'), ['c', 'a']);
    for (let i = 0; i < 5; i++) await turn();
    expect(sent).toEqual(['a:e1', 'b:e1', 'c:e1', 'c:e2', 'a:e2']);
    const order = (subscriber: string) => sent.filter((entry) => entry.startsWith(`${subscriber}:`));
    expect(order('a')).toEqual(['a:e1', 'a:e2']);
    expect(order('c')).toEqual(['c:e1', 'c:e2']);
  });

  it('takes the subscribers as they are at publish time', async () => {
    const { sent, deliveries } = queue(1);
    const subscribers = new Set(['a', 'b']);
    deliveries.push(Buffer.from('e1'), subscribers);
    subscribers.add('late');
    for (let i = 0; i < 3; i++) await turn();
    expect(sent).toEqual(['a:e1', 'b:e1']);
  });

  it('drops the backlog and its pending turn on clear', async () => {
    const { sent, deliveries } = queue(1);
    deliveries.push(Buffer.from('e1'), ['a', 'b', 'c']);
    await microtask();
    deliveries.clear();
    for (let i = 0; i < 3; i++) await turn();
    expect(sent).toEqual(['a:e1']);
    // Cleared before its first slice: nothing at all.
    deliveries.push(Buffer.from('e2'), ['a']);
    deliveries.clear();
    for (let i = 0; i < 3; i++) await turn();
    expect(sent).toEqual(['a:e1']);
    // And it works again after.
    deliveries.push(Buffer.from('e3'), ['b']);
    await microtask();
    expect(sent).toEqual(['a:e1', 'b:e3']);
  });

  it('gives the pushes of one turn one budget: a block of many events is sliced like one large fan-out', async () => {
    const { sent, deliveries } = queue(4);
    for (let i = 1; i <= 5; i++) deliveries.push(Buffer.from(`e${i}`), ['a', 'b']);
    await microtask();
    expect(sent).toEqual(['a:e1', 'b:e1', 'a:e2', 'b:e2']);
    await turn();
    expect(sent).toHaveLength(8);
    await turn();
    expect(sent.slice(8)).toEqual(['a:e5', 'b:e5']);
  });

  it('calls begin and end once per subscriber around each slice, begin before its first frame', async () => {
    const log: string[] = [];
    const deliveries = new DeliveryQueue<string>((subscriber, frame) => log.push(`${subscriber}:${frame}`), 4, {
      begin: (subscriber) => log.push(`begin ${subscriber}`),
      end: (subscriber) => log.push(`end ${subscriber}`),
    });
    for (let i = 1; i <= 3; i++) deliveries.push(Buffer.from(`e${i}`), ['a', 'b']);
    await microtask();
    expect(log).toEqual(['begin a', 'a:e1', 'begin b', 'b:e1', 'a:e2', 'b:e2', 'end a', 'end b']);
    log.length = 0;
    await turn();
    expect(log).toEqual(['begin a', 'a:e3', 'begin b', 'b:e3', 'end a', 'end b']);
  });

  it('goes on past a subscriber whose send throws, and still ends its slice', async () => {
    const log: string[] = [];
    const deliveries = new DeliveryQueue<string>(
      (subscriber, frame) => {
        if (subscriber === 'bad') throw new Error('socket gone');
        log.push(`${subscriber}:${frame}`);
      },
      10,
      { begin: () => {}, end: (subscriber) => log.push(`end ${subscriber}`) },
    );
    deliveries.push(Buffer.from('e1'), ['a', 'bad', 'c']);
    deliveries.push(Buffer.from('e2'), ['bad', 'a']);
    await microtask();
    expect(log).toEqual(['a:e1', 'c:e1', 'a:e2', 'end a', 'end bad', 'end c']);
  });

  it('tells when everything pushed so far is sent: idle()', async () => {
    const { sent, deliveries } = queue(2);
    await deliveries.idle(); // nothing queued: at once
    deliveries.push(Buffer.from('e1'), ['a', 'b', 'c', 'd', 'e']);
    const idle = deliveries.idle();
    expect(deliveries.idle()).toBe(idle);
    await idle;
    expect(sent).toHaveLength(5);
    // A clear settles it too.
    deliveries.push(Buffer.from('e2'), ['a', 'b', 'c']);
    const cleared = deliveries.idle();
    deliveries.clear();
    await cleared;
    expect(sent).toHaveLength(5);
  });
});
