import { Component, h } from 'preact';
import type { JSX } from 'preact';
import { fitting, largest, srcsetOf } from './media.js';
import type { Image } from './types.js';

export interface ImgProps {
  apiBase: string;
  image: Image;
  /** `sizes` for the srcset (the rendered width)… */
  sizes?: string;
  /** …or one rendition at least this many device px wide, with no srcset (the story viewer preloads it). */
  px?: number;
  alt: string;
  /** Text of the last fallback step (product §8: 'Image unavailable', or 'Video Unavailable' for a poster). */
  unavailable: string;
  eager?: boolean;
  high?: boolean;
  cls?: string;
  /**
   * false: no `in` class once loaded, and so no render for it (the feed shows its pictures as soon as they
   * are decoded, widget.css); the viewer's stylesheet fades its pictures in with the class.
   */
  fade?: boolean;
  /** Called once the picture shows, or its placeholder does. */
  onReady?: () => void;
}

/**
 * A picture from our media store with the product §8 fallback chain: the srcset; on error the largest
 * rendition directly; on a second error a placeholder. The dominant colour fills the box while it loads,
 * and width/height carry the original ratio so the box never changes size. Once loaded it has the class
 * `in` (unless `fade` is false).
 *
 * A class, as are the core's other stateful components: the core carries no Preact hooks runtime (about
 * 1.2 kB brotli, widget/README.md); the viewer chunk brings its own.
 */
export class Img extends Component<ImgProps, { step: number; loaded?: boolean }> {
  override state = { step: 0, loaded: false };
  render(props: ImgProps): JSX.Element {
    const { apiBase, image, onReady } = props;
    const { step, loaded } = this.state;
    if (step > 1) {
      return (
        <span class={`ph ${props.cls ?? ''}`} role="img" aria-label={props.unavailable}>
          {props.unavailable}
        </span>
      );
    }
    const single = step > 0 || props.px !== undefined;
    return (
      <img
        class={`${props.cls ?? ''}${loaded ? ' in' : ''}`}
        src={step ? largest(apiBase, image) : fitting(apiBase, image, props.px ?? 640)}
        srcset={single ? undefined : srcsetOf(apiBase, image)}
        sizes={single ? undefined : props.sizes}
        width={image.width}
        height={image.height}
        alt={props.alt}
        loading={props.eager ? 'eager' : 'lazy'}
        fetchpriority={props.high ? 'high' : undefined}
        decoding="async"
        draggable={false}
        style={{ backgroundColor: image.color }}
        onLoad={() => {
          if (props.fade !== false) this.setState({ loaded: true });
          onReady?.();
        }}
        onError={() => {
          if (step) onReady?.();
          this.setState({ step: step + 1 });
        }}
      />
    );
  }
}
