/**
 * Resolves once the page has painted what is rendered now and is idle (the next frame, then an
 * idle moment, at most 200 ms later), so work that can wait does not hold back the first screen;
 * at once in a hidden page, which paints no frame.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const visible = typeof document !== 'undefined' && document.visibilityState === 'visible';
    if (!visible || typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 200 });
      else setTimeout(resolve, 0);
    });
  });
}
