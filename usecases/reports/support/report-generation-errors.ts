/** How generating a report fails (usecases/reports/generate-report.ts); the report activity maps each to its failure type. */

/** The analysis is gone or not completed (the create request checked it; this guards a race). */
export class ReportSourceUnavailableError extends Error {}
/** The stored analysis cannot be rendered into a report (a broken document, an unknown version). */
export class ReportBuildError extends Error {}
/** The report was ready only after the waiting request's deadline: rolled back, nothing written. */
export class ReportDeadlinePassedError extends Error {}
