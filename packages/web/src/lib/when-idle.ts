/**
 * Runs `task` once the page has finished loading and the main thread is idle, or `timeout` ms
 * after the load at the latest. For work the first screen does not need (registering the service
 * worker, fetching a dialog's code ahead of use): started during the first render, it would lengthen
 * the tasks a phone runs before the page answers a tap (docs/performance.md, "The first render").
 */
export function whenIdle(task: () => void, timeout = 2_000): void {
  const schedule = (): void => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(task, { timeout });
    else setTimeout(task, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
