import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScaledFrame } from './ScaledFrame';

describe('ScaledFrame (the live preview at a phone or desktop width)', () => {
  let room = 320;
  beforeEach(() => {
    // jsdom has no layout: the frame's room and the content's height are what a browser would measure.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => room);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(800);
    globalThis.ResizeObserver = class {
      observe() {}
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => vi.restoreAllMocks());

  it('lays the content out at the desktop width and scales it into the room, the frame as tall as the scaled content', () => {
    room = 320;
    const { getByTestId } = render(
      <ScaledFrame width={1280}>
        <div data-testid="content" />
      </ScaledFrame>,
    );
    const inner = getByTestId('content').parentElement!;
    expect(inner.style.width).toBe('1280px');
    expect(inner.style.transform).toBe('scale(0.25)');
    expect(inner.parentElement!.style.height).toBe('200px');
  });

  it('does not scale up: a phone width with room to spare is shown at its own size', () => {
    room = 400;
    const { getByTestId } = render(
      <ScaledFrame width={390}>
        <div data-testid="content" />
      </ScaledFrame>,
    );
    const inner = getByTestId('content').parentElement!;
    expect(inner.style.width).toBe('390px');
    expect(inner.style.transform).toBe('');
    expect(inner.parentElement!.style.height).toBe('800px');
  });
});
