/**
 * The public entry of the safety feature: blocks, reports, notices and venue chat moderation. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { useBlockedIds, useBlocks, useUnblock } from './api/get-blocks';
export { useMarkNotificationsRead, useNotifications } from './api/get-notifications';
export { useMyMute } from './api/venue-moderation';
export { BlockButton } from './components/block-button';
export { MessageActions } from './components/message-actions';
export { ReportButton } from './components/report-button';
export { SafetyListeners } from './components/safety-listeners';
export { foldBlocked, hiddenLabel } from './lib/hidden-messages';
export { loadReportDialog } from './lib/load-report-dialog';
