import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Lays `children` out at a real screen width (`width` CSS pixels: a phone's 390, a desktop's 1280) and
 * scales the result down to the room it has, so the widget computes the columns that screen gets (it
 * measures its own box, which a transform does not change). The frame's height follows the scaled content;
 * a width narrower than the room is centred in it.
 */
export function ScaledFrame({ width, children }: { width: number; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ room: width, height: 0 });

  useLayoutEffect(() => {
    const o = outer.current;
    const i = inner.current;
    if (!o || !i || typeof ResizeObserver === 'undefined') return;
    const measure = () => setBox({ room: o.clientWidth || width, height: i.offsetHeight });
    const observer = new ResizeObserver(measure);
    observer.observe(o);
    observer.observe(i);
    measure();
    return () => observer.disconnect();
  }, [width]);

  const scale = Math.min(1, box.room / width);
  return (
    <div
      ref={outer}
      className="overflow-hidden"
      style={{ height: box.height ? box.height * scale : undefined }}
    >
      <div
        ref={inner}
        data-preview-width={width}
        // Centred when there is room to spare (a phone's width in a wide sheet); otherwise it fills the room.
        className="mx-auto origin-top-left rtl:origin-top-right"
        style={{ width, transform: scale < 1 ? `scale(${scale})` : undefined }}
      >
        {children}
      </div>
    </div>
  );
}
