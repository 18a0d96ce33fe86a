import { describe, expect, it } from 'vitest';
import { nextStory, previousStory, stepHighlight } from './story-nav.js';

describe('story navigation (product §4)', () => {
  it('goes through the stories, then the next highlight, and closes after the last story of the last highlight', () => {
    expect(nextStory({ highlight: 0, story: 0 }, 3, 2)).toEqual({ highlight: 0, story: 1 });
    expect(nextStory({ highlight: 0, story: 2 }, 3, 2)).toEqual({ highlight: 1, story: 0 });
    expect(nextStory({ highlight: 1, story: 2 }, 3, 2)).toBe('close');
    expect(nextStory({ highlight: 1, story: 0 }, 0, 2)).toBe('close');
  });

  it('goes back a story, then to the previous highlight, and replays the very first story', () => {
    expect(previousStory({ highlight: 1, story: 2 })).toEqual({ highlight: 1, story: 1 });
    expect(previousStory({ highlight: 1, story: 0 })).toEqual({ highlight: 0, story: 0 });
    expect(previousStory({ highlight: 0, story: 0 })).toEqual({ highlight: 0, story: 0 });
  });

  it('wraps around between highlights', () => {
    expect(stepHighlight(0, -1, 4)).toBe(3);
    expect(stepHighlight(3, 1, 4)).toBe(0);
    expect(stepHighlight(1, 1, 4)).toBe(2);
  });
});
