import { describe, expect, it } from 'vitest';
import { DeliveryQueue } from '../src/ws/delivery-queue.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('DeliveryQueue (the hub’s fan-out)', () => {
  function queue(sliceSize: number) {
    const sent: string[] = [];
    const deliveries = new DeliveryQueue<string>((subscriber, frame) => sent.push(`${subscriber}:${frame}`), sliceSize);
    return { sent, deliveries };
  }

  it('sends a fan-out within one slice at once', () => {
    const { sent, deliveries } = queue(3);
    deliveries.push(Buffer.from('e1'), ['a', 'b', 'c']);
    expect(sent).toEqual(['a:e1', 'b:e1', 'c:e1']);
  });

  it('sends a larger fan-out a slice per turn of the event loop', async () => {
    const { sent, deliveries } = queue(2);
    deliveries.push(Buffer.from('e1'), ['a', 'b', 'c', 'd', 'e']);
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
    deliveries.clear();
    for (let i = 0; i < 3; i++) await turn();
    expect(sent).toEqual(['a:e1']);
  });
});
