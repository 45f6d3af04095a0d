/**
 * The choices of the review-thread inputs (issue #34), apart from the planner so the settings parser
 * loads nothing else for them.
 */

/** Input `review-threads`: no inline comments, the decisive ones (default), or every verified citation of every position. */
export const REVIEW_THREAD_MODES = ['off', 'decisive', 'all'] as const;
export type ReviewThreadMode = (typeof REVIEW_THREAD_MODES)[number];

/**
 * Input `resolve-review-threads`: `outdated` (default) resolves a pr-debate thread whose cited text is
 * gone after a push, unless a person replied in it; `humans-resolve` never resolves: people do.
 */
export const THREAD_RESOLUTIONS = ['outdated', 'humans-resolve'] as const;
export type ThreadResolution = (typeof THREAD_RESOLUTIONS)[number];
