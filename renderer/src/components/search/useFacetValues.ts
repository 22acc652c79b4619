/**
 * The values of a list's facets with their counts and labels, for the filter panel. Each facet is
 * its own computed, keyed by its own selection: a click on one value re-reads and re-sorts that
 * facet alone, not the hundreds of values of every other (most of a filter click's work before).
 */
import { computed, type ComputedRef } from 'vue';
import { facetNames, type FacetName } from '../../search/profileIndex.ts';
import { useActorSearchStore } from '../../stores/actorSearch.ts';
import { useConnectionStore } from '../../stores/connections.ts';
import { useLabelsStore } from '../../stores/labels.ts';

export interface FacetValue {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

type ProfileSearch = Pick<ReturnType<typeof useActorSearchStore>, 'query' | 'counts'>;

/** Sorts labels as `localeCompare` does, without building a collator per comparison. */
const labelOrder = new Intl.Collator();

export function useFacetValues(kind: 'actor' | 'crew', search: ProfileSearch) {
  const labels = useLabelsStore();
  const connections = useConnectionStore();

  function labelOf(facet: FacetName, value: string): string {
    switch (facet) {
      case 'gender':
        // One facet: the legacy m/f/i field is folded into the newer genders (profileIndex.ts); only i stays a letter.
        return labels.label(value === 'i' ? 'genders' : 'gender_new', value);
      case 'language':
        return labels.label('languages', value);
      case 'dialect':
        return labels.label('dialects', value);
      case 'accent':
        return labels.label('accents', value);
      case 'mainProfession':
        return labels.label('main_professions', value);
      case 'specialization':
        return labels.label('specializations', value);
      case 'profession':
        return labels.label(kind === 'actor' ? 'actor_professions' : 'crew_professions', value);
      case 'nationality':
        return labels.label('countries', value);
      case 'skill': {
        const [catalogue = '', key = ''] = value.split(':');
        return labels.label(catalogue, key);
      }
      case 'connection':
        return connections.connections.find((connection) => connection.id === value)?.name || value;
      default:
        return value;
    }
  }

  /** One facet's values: selected first, then by count, then by label. */
  function facetValues(facet: FacetName): ComputedRef<FacetValue[]> {
    // A string, so the facet's values are recomputed only when its own selection changes.
    const selection = computed(() => (search.query.facets[facet] ?? []).join('\n'));
    return computed(() => {
      const selected = new Set(selection.value ? selection.value.split('\n') : []);
      return [...search.counts[facet]]
        .map(([value, count]) => ({ value, count, selected: selected.has(value), label: labelOf(facet, value) }))
        .sort((a, b) => Number(b.selected) - Number(a.selected) || b.count - a.count || labelOrder.compare(a.label, b.label));
    });
  }

  const valuesByFacet = Object.fromEntries(facetNames.map((facet) => [facet, facetValues(facet)])) as Record<FacetName, ComputedRef<FacetValue[]>>;
  return { valuesByFacet, labelOf };
}
