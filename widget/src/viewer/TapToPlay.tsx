import { h } from 'preact';
import type { JSX } from 'preact';
import { Icon } from '../core/icons.js';
import { PLAY } from './icons.js';

/** The big play button over a video that waits for a tap to start with sound (see useSoundGate). */
export function TapToPlay({ label, onPlay }: { label: string; onPlay: () => void }): JSX.Element {
  return (
    <button
      type="button"
      class="lv-tap"
      aria-label={label}
      onClick={(e) => {
        // The tap is for the video alone: not a story tap zone, not the overlay's close.
        e.stopPropagation();
        onPlay();
      }}
      onPointerUp={(e) => e.stopPropagation()}
    >
      <Icon d={PLAY} fill size={34} />
    </button>
  );
}
