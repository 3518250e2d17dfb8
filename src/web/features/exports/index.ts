/**
 * The public entry of the exports feature: exporting a list of songs (files and YouTube links). Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { ExportMenu } from './components/export-menu';
