import { describe, expect, it } from 'vitest';
import { silentLogger } from '../testing/backends.js';
import { EventCounter } from './event-counter.js';
import type { CounterIncrement, InsightsRepository } from './insights.repository.js';

/** A repository that keeps what it was given, and fails while `down` is set. */
function fakeRepo() {
  const stored: CounterIncrement[][] = [];
  const repo = {
    down: false,
    stored,
    addCounts(batch: CounterIncrement[]) {
      if (repo.down) return Promise.reject(new Error('database restarting'));
      stored.push(batch.map((inc) => ({ ...inc })));
      return Promise.resolve();
    },
  };
  return repo;
}
const asRepo = (repo: ReturnType<typeof fakeRepo>) => repo as unknown as InsightsRepository;
const sorted = (batch: CounterIncrement[] | undefined) =>
  [...(batch ?? [])].sort((a, b) =>
    `${a.userId}${a.day}${a.type}${a.subject}`.localeCompare(`${b.userId}${b.day}${b.type}${b.subject}`),
  );

describe('EventCounter', () => {
  it('adds the same counter up and keeps merchants, days, types and subjects apart', async () => {
    const repo = fakeRepo();
    const counter = new EventCounter(asRepo(repo), silentLogger);
    counter.add('u1', '2026-11-28', 'impression', '');
    counter.add('u1', '2026-11-28', 'impression', '');
    counter.add('u1', '2026-11-28', 'post_open', '');
    counter.add('u1', '2026-11-28', 'post_open', 'p1', 2);
    counter.add('u1', '2026-11-29', 'impression', '');
    counter.add('u2', '2026-11-28', 'impression', '');
    expect(counter.pendingCount).toBe(5);
    await counter.flush();
    expect(counter.pendingCount).toBe(0);
    expect(sorted(repo.stored[0])).toEqual([
      { userId: 'u1', day: '2026-11-28', type: 'impression', subject: '', count: 2 },
      { userId: 'u1', day: '2026-11-28', type: 'post_open', subject: '', count: 1 },
      { userId: 'u1', day: '2026-11-28', type: 'post_open', subject: 'p1', count: 2 },
      { userId: 'u1', day: '2026-11-29', type: 'impression', subject: '', count: 1 },
      { userId: 'u2', day: '2026-11-28', type: 'impression', subject: '', count: 1 },
    ]);
    // Nothing pending: a flush writes nothing.
    await counter.flush();
    expect(repo.stored).toHaveLength(1);
  });

  it('keeps the counts of a failed flush for the next one, added to what came meanwhile', async () => {
    const repo = fakeRepo();
    const counter = new EventCounter(asRepo(repo), silentLogger);
    counter.add('u1', '2026-11-28', 'impression', '', 3);
    repo.down = true;
    await counter.flush();
    expect(repo.stored).toHaveLength(0);
    expect(counter.pendingCount).toBe(1);
    counter.add('u1', '2026-11-28', 'impression', '');
    counter.add('u1', '2026-11-28', 'story_open', '');
    repo.down = false;
    await counter.flush();
    expect(sorted(repo.stored[0])).toEqual([
      { userId: 'u1', day: '2026-11-28', type: 'impression', subject: '', count: 4 },
      { userId: 'u1', day: '2026-11-28', type: 'story_open', subject: '', count: 1 },
    ]);
  });

  it('holds at most maxPending counters; more new ones are dropped, existing ones still add up', async () => {
    const repo = fakeRepo();
    const counter = new EventCounter(asRepo(repo), silentLogger, 2);
    counter.add('u1', '2026-11-28', 'post_open', 'p1');
    counter.add('u2', '2026-11-28', 'post_open', 'p1');
    counter.add('u3', '2026-11-28', 'post_open', 'p1');
    counter.add('u1', '2026-11-28', 'post_open', 'p2');
    counter.add('u1', '2026-11-28', 'post_open', 'p1');
    expect(counter.pendingCount).toBe(2);
    await counter.flush();
    expect(sorted(repo.stored[0])).toEqual([
      { userId: 'u1', day: '2026-11-28', type: 'post_open', subject: 'p1', count: 2 },
      { userId: 'u2', day: '2026-11-28', type: 'post_open', subject: 'p1', count: 1 },
    ]);
    // After the flush there is room again.
    counter.add('u3', '2026-11-28', 'post_open', 'p1');
    expect(counter.pendingCount).toBe(1);
  });
});
