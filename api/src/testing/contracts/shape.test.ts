import { describe, expect, it } from 'vitest';
import { expectShape, fixturesOf, shapeMismatches, shapeOf } from './shape.js';

describe('shape comparison against fixtures', () => {
  const fixture = {
    data: [{ id: '1', count: 3, quantity: '50', note: null, children: { data: [{ id: '2' }] } }],
    paging: { cursors: { after: 'x' } },
  };

  it('collects every path with its types, array items collapsed', () => {
    const shape = shapeOf(fixture);
    expect(shape.get('$')).toEqual(new Set(['object']));
    expect(shape.get('data[].children.data[].id')).toEqual(new Set(['string']));
    expect(shape.get('paging.cursors.after')).toEqual(new Set(['string']));
  });

  it('accepts a body that uses fewer fields than the fixture', () => {
    expect(shapeMismatches({ data: [{ id: '9' }] }, [fixture])).toEqual([]);
  });

  it('names a path no fixture has', () => {
    expect(shapeMismatches({ data: [{ id: '9', colour: 'red' }] }, [fixture])).toEqual([
      'data[].colour: not in any fixture',
    ]);
  });

  it('refuses a number sent as a string unless a fixture shows that path as a string', () => {
    expect(shapeMismatches({ data: [{ count: '3' }] }, [fixture])).toEqual([
      'data[].count: string, the fixtures show number',
    ]);
    expect(shapeMismatches({ data: [{ quantity: '50' }] }, [fixture])).toEqual([]);
    expect(shapeMismatches({ data: [{ quantity: 50 }] }, [fixture])).toEqual([
      'data[].quantity: number, the fixtures show string',
    ]);
  });

  it('accepts any type one of several fixtures shows', () => {
    expect(shapeMismatches({ data: [{ quantity: 50 }] }, [fixture, { data: [{ quantity: 7 }] }])).toEqual([]);
  });

  it('treats null as compatible, and a fixture null as untyped scalar only', () => {
    expect(shapeMismatches({ data: [{ id: null }] }, [fixture])).toEqual([]);
    expect(shapeMismatches({ data: [{ note: 'hi' }] }, [fixture])).toEqual([]);
    expect(shapeMismatches({ data: [{ note: { a: 1 } }] }, [fixture])).toEqual([
      'data[].note: object, the fixtures show null',
      'data[].note.a: not in any fixture',
    ]);
  });

  it('expectShape throws with every mismatch listed', () => {
    expect(() => expectShape({ id: 1, extra: true }, [{ id: 'a' }], 'fake /me')).toThrow(
      /fake \/me does not match[\s\S]*\$?id: number, the fixtures show string[\s\S]*extra: not in any fixture/,
    );
  });

  it('compares the keys of a caller-chosen map (metadata) as one key when asked', () => {
    const documented = [{ metadata: { test: '4' } }];
    expect(shapeMismatches({ metadata: { checkout_id: 'x' } }, documented)).toEqual([
      'metadata.checkout_id: not in any fixture',
    ]);
    expect(
      shapeMismatches({ metadata: { checkout_id: 'x' } }, documented, { freeKeys: ['metadata'] }),
    ).toEqual([]);
    expect(shapeMismatches({ metadata: { checkout_id: 1 } }, documented, { freeKeys: ['metadata'] })).toEqual(
      ['metadata.*: number, the fixtures show string'],
    );
  });

  it('fixturesOf finds an endpoint and its variants only', () => {
    const all = { me: 1, 'me.wrapped': 2, 'me-media': 3 };
    expect(fixturesOf(all, 'me')).toEqual([1, 2]);
    expect(() => fixturesOf(all, 'stories')).toThrow(/no fixture/);
  });
});
