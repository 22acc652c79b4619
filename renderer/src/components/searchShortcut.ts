/**
 * The app's keyboard shortcuts for search, wherever a page has a search field (any element marked
 * `data-search-field`, or a field inside one): "/" jumps into it, unless the user is typing in a
 * field already or holds Ctrl, Alt or Meta; Esc in it clears it, and leaves it when it is empty.
 */
import { onBeforeUnmount, onMounted } from 'vue';

const typingTargets = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
type TextField = HTMLInputElement | HTMLTextAreaElement;

function isTextField(element: Element | null): element is TextField {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/** The element "/" should focus: the first usable search field on the page, or the field inside it. */
export function findSearchField(root: ParentNode = document): HTMLElement | null {
  for (const marked of root.querySelectorAll<HTMLElement>('[data-search-field]')) {
    if (marked.closest('[hidden], [inert]')) continue;
    const field = marked.matches('input, textarea, select, [tabindex]') ? marked : (marked.querySelector<HTMLElement>('input, textarea, select') ?? marked);
    if ((field as HTMLInputElement).disabled) continue;
    return field;
  }
  return null;
}

/** Handles one keydown on the document; true when it was a search shortcut. */
export function handleSearchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  const target = event.target instanceof Element ? event.target : null;

  if (event.key === 'Escape') {
    if (!target?.closest('[data-search-field]') || !(target instanceof HTMLElement)) return false;
    if (isTextField(target) && target.value !== '') {
      target.value = '';
      // So v-model and the page's search follow.
      target.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      target.blur();
    }
    event.preventDefault();
    return true;
  }

  if (event.key !== '/' || event.ctrlKey || event.altKey || event.metaKey) return false;
  if (target && (target.closest(typingTargets) || (target as HTMLElement).isContentEditable)) return false;
  const field = findSearchField();
  if (!field) return false;
  event.preventDefault();
  field.focus();
  if (isTextField(field)) field.select();
  return true;
}

/** Listens for the search shortcuts while the calling component (the app shell) is mounted. */
export function useSearchShortcut(): void {
  onMounted(() => document.addEventListener('keydown', handleSearchShortcut));
  onBeforeUnmount(() => document.removeEventListener('keydown', handleSearchShortcut));
}
