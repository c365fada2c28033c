// The list kit (issue 36): every admin list shows its records through these, from one column definition.
export { ListView } from './list-view';
export type { CardPlace, ListColumn, ListSort, SortOrder } from './list-view';
export { RowActions } from './row-actions';
export { titleColumns } from './title-columns';
export { ListStates } from './list-states';
export { ListFooter } from './list-footer';
export { ListFilters } from './list-filters';
export { ListSearch } from './list-search';
export { EntityFilter } from './entity-filter';
