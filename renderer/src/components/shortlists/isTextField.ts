/** Whether a key event's target keeps its keys for itself (typing, a choice's arrows): shortcuts leave them alone. */
export function isTextField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element?.tagName && ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}
