/**
 * Office document names: `<officeId>/<listId>`. The office id in the name is what a token is checked
 * against, so one office's member can never open another office's list.
 */
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

export interface OfficeDocumentName {
  officeId: string;
  listId: string;
}

export function officeDocumentName(officeId: string, listId: string): string {
  return `${officeId}/${listId}`;
}

/** The office and list of a document name, or null when the name is not one of ours. */
export function parseOfficeDocumentName(name: string): OfficeDocumentName | null {
  const parts = name.split('/');
  if (parts.length !== 2 || !idPattern.test(parts[0]) || !idPattern.test(parts[1])) return null;
  return { officeId: parts[0], listId: parts[1] };
}

export function isOfficeId(value: string): boolean {
  return idPattern.test(value);
}
