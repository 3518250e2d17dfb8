/**
 * Loads the report dialog's module alone, for a caller that shows it on demand (a song row's menu). Its own file,
 * not the feature's index: `import('../safety')` made the index, with every export of the feature, a chunk that each
 * static importer of the feature then shared (a venue mix loaded the chat's message actions with its Report
 * button; ADR 031).
 */
export const loadReportDialog = () => import('../components/report-dialog');
