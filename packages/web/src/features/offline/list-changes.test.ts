import type { Habit } from '@habitquest/contracts/habits';
import type { Reward } from '@habitquest/contracts/rewards';
import { describe, expect, it } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { applyListChange, listChangesOf, type ListChange } from './list-changes';

function habit(id: string, createdAt: string, title = id): Habit {
  return habitFixture({ id, createdAt, title });
}

function reward(id: string, cost: number, name = id): Reward {
  const fields = { description: null, category: null, icon: null, rarity: null };
  return { id, name, cost, keepInShop: false, ...fields };
}

describe('applyListChange', () => {
  const older = habit('a', '2026-11-20T10:00:00.000Z');
  const newer = habit('b', '2026-11-22T10:00:00.000Z');

  it('puts a new habit where the server will list it: newest first', () => {
    const made = habit('c', '2026-11-24T10:00:00.000Z');
    const list = applyListChange([newer, older], { list: 'habits', op: 'put', item: made });
    expect(list.map((h) => h.id)).toEqual(['c', 'b', 'a']);
  });

  it("replaces a draft with the server's row of the same id, never adding a second", () => {
    const draft = habit('c', '2026-11-24T10:00:00.000Z', 'Draft');
    const server = { ...draft, title: 'Saved', streak: 3 };
    const once = applyListChange([draft, newer], { list: 'habits', op: 'put', item: server });
    expect(once).toEqual([server, newer]);
  });

  it('merges fields into one row and keeps the order of the list', () => {
    const rewards = [reward('r1', 50), reward('r2', 100), reward('r3', 150)];
    const cheaper = applyListChange(rewards, {
      list: 'rewards',
      op: 'merge',
      id: 'r3',
      fields: { cost: 10, name: 'Cheap now' },
    });
    expect(cheaper.map((r) => [r.id, r.cost, r.name])).toEqual([
      ['r3', 10, 'Cheap now'],
      ['r1', 50, 'r1'],
      ['r2', 100, 'r2'],
    ]);
  });

  it('removes a row, and leaves a list without it as it was', () => {
    const list = [newer, older];
    expect(applyListChange(list, { list: 'habits', op: 'remove', id: 'a' })).toEqual([newer]);
    expect(applyListChange(list, { list: 'habits', op: 'remove', id: 'zzz' })).toEqual(list);
    expect(applyListChange(list, { list: 'habits', op: 'merge', id: 'zzz', fields: {} })).toEqual(
      list,
    );
  });

  it('replays a create, an edit and a delete in order: the same as doing them one by one', () => {
    const made = habit('c', '2026-11-24T10:00:00.000Z', 'Run');
    const changes: ListChange[] = [
      { list: 'habits', op: 'put', item: made },
      { list: 'habits', op: 'merge', id: 'c', fields: { title: 'Run 5 km' } },
      { list: 'habits', op: 'remove', id: 'a' },
    ];
    expect(changes.reduce(applyListChange, [newer, older])).toEqual([
      { ...made, title: 'Run 5 km' },
      newer,
    ]);
  });
});

describe('listChangesOf', () => {
  const entry = (payload: unknown) => ({
    id: 'k',
    type: 'habit-create',
    payload,
    timestamp: 0,
    retries: 0,
  });

  it('reads the changes an entry carries', () => {
    const changes: ListChange[] = [
      { list: 'rewards', op: 'put', item: { id: 'r' } },
      { list: 'categories', op: 'remove', id: 'c' },
      { list: 'habits', op: 'merge', id: 'h', fields: { title: 'x' } },
    ];
    expect(listChangesOf(entry({ changes }))).toEqual(changes);
  });

  it('finds none in a completion, a setting, or a payload of another shape (read from storage)', () => {
    expect(listChangesOf(entry({ habitId: 'h', date: '2026-11-24', completed: true }))).toEqual([]);
    expect(listChangesOf(entry({ theme: 'dark' }))).toEqual([]);
    expect(listChangesOf(entry(null))).toEqual([]);
    expect(
      listChangesOf(
        entry({
          changes: [
            { list: 'purchases', op: 'remove', id: 'p' },
            { list: 'habits', op: 'put', item: null },
            { list: 'habits', op: 'rename', id: 'h' },
            { list: 'habits', op: 'remove' },
          ],
        }),
      ),
    ).toEqual([]);
  });
});
