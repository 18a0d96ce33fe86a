import './index.css';
import { startWebFont } from './lib/webfont';

/**
 * The entry index.html loads: it lets the browser paint the page first (the prerendered landing page, or the
 * brand mark), and only then fetches and starts the app (landing-boot.tsx on `/`, boot.tsx elsewhere). React
 * is not needed to see the landing page, so it does not compete with the HTML and the stylesheet for a
 * phone's first second.
 */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element.');
const root = rootElement;

function afterFirstPaint(run: () => void): void {
  // The frame after the next one has been painted; a hidden tab paints nothing, so a timer stands in.
  if (document.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

startWebFont();

// The landing page (PRERENDERED_PATH in app/first-render.ts) starts without React Router (landing-boot.tsx);
// every other page with it (boot.tsx).
const startPage = (): Promise<{ start: (root: HTMLElement) => Promise<void> }> =>
  window.location.pathname === '/' ? import('./landing-boot') : import('./boot');

afterFirstPaint(() => {
  startPage()
    .then(({ start }) => start(root))
    .catch((error: unknown) => {
      // The network dropped, or a deploy replaced the files under an open tab. The prerendered landing page
      // still reads and its links still work; anywhere else, say so rather than show the splash for ever.
      console.error('The app could not start.', error);
      if (root.dataset.prerendered === undefined) {
        root.innerHTML =
          '<p role="alert" class="mx-auto max-w-md p-8 text-center">تعذّر تحميل الصفحة، أعد تحميلها.<br>The page could not load. Please reload it.</p>';
      }
    });
});
