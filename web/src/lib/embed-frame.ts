import { tellHost } from './embed-host';

/*
 * Inside the host's iframe: the page's height on every change of size (a step appearing, the
 * frame made narrower), so that the iframe fits its content and never scrolls itself; and
 * Escape, which a keyboard in the frame would otherwise never let reach the host's dialog.
 */
export function watchFrame(): void {
  let reported = -1;
  const report = () => {
    // The root's own box: its content's height, margins included, whatever the frame's size.
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === reported) return;
    reported = height;
    tellHost({ type: 'salon:resize', height });
  };
  new ResizeObserver(report).observe(document.documentElement);
  report();
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) tellHost({ type: 'salon:escape' });
  });
}
