import { useEffect, useRef } from 'react';
import type { TWidgetInit } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { ScaledFrame } from './ScaledFrame';
import { WidgetPreview } from './WidgetPreview';

/** How many frames the viewport follows the posts after a change (a layout's chunk can arrive late). */
const FOLLOW_FRAMES = 40;

/**
 * Where the posts start inside `box`, in its scroll coordinates: the widget's first tile (inside its shadow
 * root), or the stand-in's grid. Null while there are none.
 */
export function postsOffset(box: HTMLElement): number | null {
  let first: Element | null = box.querySelector('[data-part="grid"]');
  if (!first)
    for (const element of box.querySelectorAll('*')) {
      first = element.shadowRoot?.querySelector('.tile') ?? null;
      if (first) break;
    }
  if (!first) return null;
  return first.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
}

/**
 * The widget preview laid out at `width` and scaled into a box that may be shorter than the widget: when
 * `postsKey` changes (a layout or another posts setting chosen), the box scrolls to the posts, so the change
 * shows without the merchant scrolling inside it.
 */
export function PreviewViewport({
  data,
  width,
  postsKey,
  className,
}: {
  data: TWidgetInit['data'];
  width: number;
  postsKey: string;
  className: string;
}) {
  const { lang } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const firstKey = useRef(postsKey);

  useEffect(() => {
    const element = box.current;
    if (!element || postsKey === firstKey.current) return;
    firstKey.current = '';
    let frames = 0;
    let handle = 0;
    const follow = () => {
      const top = postsOffset(element);
      if (top !== null) element.scrollTop = Math.max(0, top - 8);
      if (++frames < FOLLOW_FRAMES) handle = requestAnimationFrame(follow);
    };
    handle = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(handle);
  }, [postsKey]);

  return (
    <div ref={box} className={className} data-testid="preview-viewport">
      <ScaledFrame width={width}>
        <WidgetPreview data={data} lang={lang} />
      </ScaledFrame>
    </div>
  );
}

/** The settings whose change shows in the posts: the viewport scrolls to them when one changes. */
export function postsKeyOf(config: TWidgetInit['data']['config']): string {
  const o = config.customization_options;
  return JSON.stringify([o.feed, o.density, o.spacing]);
}
