/**
 * Private attributes in what leaves the app. An actor may show an attribute (age, acting age,
 * gender) only to verified casting professionals (spec: attribute_visibility). CSV files and
 * presentation packages go to producers, directors and agencies who are not, so exports leave such
 * values out unless the casting director chooses to include them; included, each is marked.
 */

/** The snapshot facts attribute_visibility can make private, by the snapshot's names. */
export const privateSnapshotFields = ['age', 'actingAge', 'gender'] as const;
export type PrivateSnapshotField = (typeof privateSnapshotFields)[number];

const attributeOf: Record<PrivateSnapshotField, string> = { age: 'age', actingAge: 'acting_age', gender: 'gender' };

/** The snapshot facts a profile's attribute_visibility marks private. */
export function privateFieldsOf(visibility: Record<string, string> | undefined): PrivateSnapshotField[] {
  return privateSnapshotFields.filter((field) => visibility?.[attributeOf[field]] === 'private');
}

export interface PrivateExportOptions {
  /** The casting director's choice to include private values (remembered by the store). */
  includePrivate: boolean;
  /** "31 (private)": how an included private value is marked, in the UI language. */
  mark: (value: string) => string;
}

/**
 * A fact's exported text: left out when private and not chosen, marked when private and chosen,
 * as it is otherwise.
 */
export function exportedFact(privateFields: readonly PrivateSnapshotField[] | undefined, field: PrivateSnapshotField, value: string, options: PrivateExportOptions): string {
  if (!value || !privateFields?.includes(field)) return value;
  return options.includePrivate ? options.mark(value) : '';
}
