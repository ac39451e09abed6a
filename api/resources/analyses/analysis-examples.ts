import recorded from './analysis-recorded-examples.json';

/**
 * Examples of the analysis bodies for the API reference: real answers of the service for the golden
 * subjects of the engine (test/unit/domain/scoring/golden), recorded over the real stack by
 * test/integration/analysis-read-form-schemas.test.ts (`UPDATE_EXAMPLES=1`, docs/api-conventions.md
 * "Examples are recorded"), which also proves that fresh answers still have their shape. Each is
 * checked against its strict schema by test/unit/api/openapi/openapi.test.ts and
 * test/unit/api/resources/analyses/analysis-verdict-schemas.test.ts. Never edit the JSON by hand.
 */
export const syncAnalysisRequestExample = recorded.syncAnalysisRequest;
export const asyncAnalysisRequestExample = recorded.asyncAnalysisRequest;
/** sanctioned-company-pep-partner, sync: floors, escalations, aggravants. */
export const syncAnalysisResponseExample = recorded.syncAnalysisResponse;
export const asyncAnalysisResponseExample = recorded.asyncAnalysisResponse;
/** The read form of an organization (sanctioned-company-pep-partner, sync) and of a person (person-pep-grace, async). */
export const analysisReadExample = recorded.analysisOrganization;
export const analysisPersonReadExample = recorded.analysisPerson;
export const analysisEventsExample = recorded.analysisEvents;
export const analysisExplanationExample = recorded.analysisExplanation;
export const analysisSignalsExample = recorded.analysisSignals;
export const analysisSnapshotExample = recorded.analysisSnapshot;
export const analysisPageExample = recorded.analysisPage;
export const analysisVerificationExample = recorded.analysisVerification;
export const analysisGraphExample = recorded.analysisGraph;
