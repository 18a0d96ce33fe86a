import { describe, expect, it } from 'vitest';
import { arrowStep, classifyGesture, swipeStep, tapAction } from './gesture.js';

describe('story tap zones (product §9: 30 / 40 / 30)', () => {
  it('left 30 % goes back, right 30 % forward, the middle pauses (LTR)', () => {
    expect(tapAction(0, 400, false)).toBe('previous');
    expect(tapAction(119, 400, false)).toBe('previous');
    expect(tapAction(120, 400, false)).toBe('pause');
    expect(tapAction(200, 400, false)).toBe('pause');
    expect(tapAction(280, 400, false)).toBe('pause');
    expect(tapAction(281, 400, false)).toBe('next');
    expect(tapAction(400, 400, false)).toBe('next');
  });

  it('is mirrored in RTL, where stories move leftwards', () => {
    expect(tapAction(50, 400, true)).toBe('next');
    expect(tapAction(350, 400, true)).toBe('previous');
    expect(tapAction(200, 400, true)).toBe('pause');
  });
});

describe('gestures (product §9: swipe 50 px, tap tolerance 10 px)', () => {
  it('tells taps, swipes and nothing apart', () => {
    expect(classifyGesture(0, 0)).toBe('tap');
    expect(classifyGesture(10, -10)).toBe('tap');
    expect(classifyGesture(11, 0)).toBe('none');
    expect(classifyGesture(-49, 0)).toBe('none');
    expect(classifyGesture(-50, 10)).toBe('swipe-left');
    expect(classifyGesture(60, 20)).toBe('swipe-right');
    expect(classifyGesture(20, 80)).toBe('swipe-down');
    expect(classifyGesture(0, -80)).toBe('none');
  });

  it('steps forward on a swipe towards the start side, mirrored in RTL', () => {
    expect(swipeStep('swipe-left', false)).toBe(1);
    expect(swipeStep('swipe-right', false)).toBe(-1);
    expect(swipeStep('swipe-left', true)).toBe(-1);
    expect(swipeStep('swipe-right', true)).toBe(1);
    expect(swipeStep('tap', false)).toBe(0);
  });

  it('maps arrow keys the same way', () => {
    expect(arrowStep('ArrowRight', false)).toBe(1);
    expect(arrowStep('ArrowLeft', false)).toBe(-1);
    expect(arrowStep('ArrowRight', true)).toBe(-1);
    expect(arrowStep('ArrowLeft', true)).toBe(1);
    expect(arrowStep('Enter', false)).toBe(0);
  });
});
