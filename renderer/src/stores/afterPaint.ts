/**
 * Resolves once the page has painted what is rendered now (the next frame, then a task), so
 * work that can wait does not hold back the first screen; at once in a hidden page, which
 * paints no frame.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const visible = typeof document !== 'undefined' && document.visibilityState === 'visible';
    if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}
