/**
 * Rendering of plans and applies: data in, string out. The only part of dsipform that knows
 * colour; callers decide whether to use it (TTY, `NO_COLOR`).
 */
export { renderPlanText, type TextOptions } from './plan-text.js';
export { renderPlanMarkdown, MARKDOWN_LIMIT } from './plan-markdown.js';
export { renderPlanJson } from './plan-json.js';
export { renderOutcomeLine, renderApplyReport, type ApplyTextOptions } from './apply-text.js';
export { renderApplyEvent } from './apply-event.js';
export { planSummaryLine, NO_CHANGES } from './summary.js';
