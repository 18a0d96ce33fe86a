import { h, render, type JSX } from 'preact';
import { useErrorBoundary, useLayoutEffect } from 'preact/hooks';
import { shadowFor } from '../core/shadow.js';
import type { Highlight, Post, ViewerContext } from '../core/types.js';
import { PostModal } from './PostModal.js';
import { StoryViewer } from './StoryViewer.js';
import css from './viewer.css?inline';
import type { LayerProps } from './hooks.js';
import { viewerText } from './text.js';

let closeActive: (() => void) | undefined;

/**
 * Opens a full-screen layer in its own host on <body> (a store's transformed or clipped ancestors cannot
 * trap a fixed overlay there), with its own shadow root and stylesheet. Locks page scroll while open and
 * gives focus back to `opener` when closed.
 */
function openLayer(ctx: ViewerContext, opener: HTMLElement, layer: (p: LayerProps) => JSX.Element): void {
  closeActive?.();
  const host = document.createElement('lamha-viewer');
  host.setAttribute('style', ctx.themeStyle);
  document.body.appendChild(host);
  const root = shadowFor(host, css);
  const page = document.documentElement.style;
  const overflow = page.overflow;
  page.overflow = 'hidden';
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    closeActive = undefined;
    render(null, root);
    host.remove();
    page.overflow = overflow;
    opener.focus({ preventScroll: true });
  };
  closeActive = close;
  const t = viewerText(ctx.lang);
  render(h(Boundary, { close, children: layer({ ctx, t, rtl: ctx.lang === 'ar', close }) }), root);
}

/** A crash inside a viewer closes it instead of leaving a broken overlay over the store. */
function Boundary({ close, children }: { close: () => void; children: JSX.Element }): JSX.Element | null {
  const [error] = useErrorBoundary();
  useLayoutEffect(() => {
    if (error) close();
  }, [error, close]);
  return error ? null : children;
}

export function openPost(ctx: ViewerContext, posts: Post[], index: number, opener: HTMLElement): void {
  openLayer(ctx, opener, (p) => <PostModal {...p} posts={posts} start={index} />);
}

export function openStories(
  ctx: ViewerContext,
  highlights: Highlight[],
  index: number,
  opener: HTMLElement,
): void {
  openLayer(ctx, opener, (p) => <StoryViewer {...p} highlights={highlights} start={index} />);
}
