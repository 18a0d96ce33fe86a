/** Where the story viewer is: which highlight, which story in it. */
export interface StoryPosition {
  highlight: number;
  story: number;
}

/**
 * After a story ends (timer, video end, tap "next"): the next story, else the next highlight's first,
 * and after the last story of the last highlight the viewer closes (product §4).
 */
export function nextStory(
  at: StoryPosition,
  storyCount: number,
  highlightCount: number,
): StoryPosition | 'close' {
  if (at.story < storyCount - 1) return { highlight: at.highlight, story: at.story + 1 };
  if (at.highlight < highlightCount - 1) return { highlight: at.highlight + 1, story: 0 };
  return 'close';
}

/** Tap "previous": the previous story, else the previous highlight, else the first story again. */
export function previousStory(at: StoryPosition): StoryPosition {
  if (at.story > 0) return { highlight: at.highlight, story: at.story - 1 };
  if (at.highlight > 0) return { highlight: at.highlight - 1, story: 0 };
  return { highlight: 0, story: 0 };
}

/** Previous/next highlight (buttons, swipes) wraps around both ends (product §4). */
export function stepHighlight(highlight: number, step: number, count: number): number {
  return (((highlight + step) % count) + count) % count;
}
