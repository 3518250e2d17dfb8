/**
 * The public entry of the search feature: search, from the box in the nav to the results page. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { useSearchResults } from './api/search';
export { SearchBox } from './components/search-box';
