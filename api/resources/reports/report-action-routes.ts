import { buildSiscoafBatch } from '../../../usecases/reports/build-siscoaf-batch';
import { fileReport } from '../../../usecases/reports/file-report';
import { finalizeReport } from '../../../usecases/reports/finalize-report';
import { readReportDocument } from '../../../usecases/reports/read-report-document';
import { setReportOccurrence } from '../../../usecases/reports/set-report-occurrence';
import { setReportRelationshipEnd } from '../../../usecases/reports/set-relationship-end';
import { voidReport } from '../../../usecases/reports/void-report';
import { defineRoute } from '../../edge/routing';
import {
  documentQuerySchema,
  filingRequestSchema,
  occurrenceRequestSchema,
  relationshipRequestSchema,
  reportParamsSchema,
  reportSchema,
  siscoafBatchRequestSchema,
  voidRequestSchema,
} from './report-schemas';
import { readReport } from './read-report';

const tags = ['reports'];
const auth = { scope: 'reports:write' as const };
const notFound = { description: 'no such report for the calling company' };
const notDraft = { description: 'the report is not a draft' };

/** The state transitions of a report and its document: each write calls one use case (usecases/reports/). */
export const reportActionRoutes = [
  defineRoute({
    method: 'put',
    path: '/reports/:uuid/relationship',
    operationId: 'setReportRelationshipEnd',
    summary: "The end of the company's relationship with the report's subject: the start of its retention count",
    description:
      'Circular BCB 3.978/2020 art. 67 keeps records ten years counted from the first day of the year after the relationship ends (docs/reports.md, "Retention"). The date is stored for the company and the subject, so every report of the subject counts from it; null clears it (the relationship goes on: the latest known date stands in, and the period is provisional). Any report status.',
    tags,
    auth,
    params: reportParamsSchema,
    body: relationshipRequestSchema,
    responses: {
      200: { description: 'the report, with `retention` counted from the recorded end', schema: reportSchema },
      404: notFound,
    },
    handler: async ({ params, body, auth: caller, actor, deps }) => {
      await setReportRelationshipEnd(deps, actor, { uuid: params.uuid, endedOn: body.ended_on });
      return { status: 200, body: await readReport(deps, caller.companyId, params.uuid) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/reports/:uuid/occurrence',
    operationId: 'setReportOccurrence',
    summary: 'The occurrence data of a coaf_cos draft: number, period, agency, amounts, account data of the parties',
    description:
      'What a verdict cannot know, entered by the officer (docs/reports.md, "Occurrence data"); it replaces what was entered before and may be partial while a draft: finalize answers 422 listing what is missing. It becomes NumOcorrencia, DtInicio/DtFim, Ag*, Vl* and the ENVOLVIDO account fields of the Siscoaf batch. Text outside ISO-8859-1 (the layout\'s encoding) is refused at its place (422 not_latin1).',
    tags,
    auth,
    params: reportParamsSchema,
    body: occurrenceRequestSchema,
    responses: {
      200: { description: 'the report (its occurrence data shows in the Siscoaf XML and JSON documents)', schema: reportSchema },
      404: notFound,
      409: notDraft,
      422: {
        description:
          'not a coaf_cos report (occurrence_not_applicable), a party document with wrong check digits (document_invalid), or text outside ISO-8859-1 (not_latin1)',
      },
    },
    handler: async ({ params, body, auth: caller, actor, deps }) => {
      await setReportOccurrence(deps, actor, { uuid: params.uuid, occurrence: body });
      return { status: 200, body: await readReport(deps, caller.companyId, params.uuid) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/reports/siscoaf-batches',
    operationId: 'createSiscoafBatch',
    summary: 'One Siscoaf batch (ISO-8859-1 XML, one LOTE) of finalized coaf_cos reports, as a download',
    description:
      "Each report's OCORRENCIA as frozen at finalize, in the order given, under one LOTE whose OCORRENCIAS ID names the set of reports. Nothing is written: the same reports give the same bytes. The officer uploads the file to Siscoaf and records each protocol with POST /reports/{uuid}/filing.",
    tags,
    auth: { scope: 'reports:read' },
    body: siscoafBatchRequestSchema,
    responses: {
      200: { description: 'the batch (application/xml; charset=ISO-8859-1), as an attachment' },
      404: { description: 'a report unknown to the calling company' },
      409: { description: 'a report that is not finalized (a draft or a voided report)' },
      422: {
        description:
          'a report that is not coaf_cos (report_not_fileable), finalized before the ISO-8859-1 layout, two with one occurrence number, or a batch of 1 MB or more (siscoaf_*)',
      },
    },
    handler: async ({ body, actor, deps }) => {
      const batch = await buildSiscoafBatch(deps, actor, { reportUuids: body.report_uuids });
      return {
        status: 200,
        body: batch.bytes,
        headers: {
          'Content-Type': 'application/xml; charset=ISO-8859-1',
          'Content-Disposition': `attachment; filename="${batch.fileName}"`,
        },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/reports/:uuid/finalize',
    operationId: 'finalizeReport',
    summary: 'Freeze the report: sections, PDF (and for coaf_cos the Siscoaf XML), content_sha256; emits report.finalized',
    description:
      'Irreversible. For coaf_cos the Siscoaf layout is validated first: 422 lists every missing or malformed field (e.g. the reporting institution CNPJ).',
    tags,
    auth,
    temporal: true,
    params: reportParamsSchema,
    responses: {
      200: { description: 'the finalized report', schema: reportSchema },
      404: notFound,
      409: notDraft,
      422: { description: 'the Siscoaf layout is not satisfied' },
      502: { description: 'Temporal or Postgres unavailable; nothing was changed' },
    },
    handler: async ({ params, auth: caller, actor, deps }) => {
      await finalizeReport(deps, actor, { uuid: params.uuid });
      return { status: 200, body: await readReport(deps, caller.companyId, params.uuid) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/:uuid/document',
    operationId: 'getReportDocument',
    summary: 'The rendered report: pdf (default), xml (Siscoaf layout, coaf_cos only) or json; a draft is marked DRAFT',
    description:
      'A finalized, filed or voided report answers its frozen files (the bytes `content_sha256` names for json); a draft is rendered now and marked RASCUNHO / DRAFT. Sent as an attachment.',
    tags,
    auth: { scope: 'reports:read' },
    params: reportParamsSchema,
    query: documentQuerySchema,
    // The frozen files of a finalized, filed or voided report never change: a client may keep them.
    etag: (_body, result) => result.final === true,
    responses: {
      200: { description: 'the document (application/pdf, application/xml or application/json)' },
      404: notFound,
      422: { description: 'xml asked for a report that is not coaf_cos' },
    },
    handler: async ({ params, query, actor, deps }) => {
      const doc = await readReportDocument(deps, actor, { uuid: params.uuid, format: query.format });
      return {
        status: 200,
        body: doc.body,
        final: doc.frozen,
        headers: { 'Content-Type': doc.contentType, 'Content-Disposition': `attachment; filename="${doc.fileName}"` },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/reports/:uuid/filing',
    operationId: 'fileReport',
    summary: 'Record that a finalized coaf_cos was transmitted through Siscoaf (protocol and time): status filed',
    description:
      'The service does not transmit: the officer sends the XML through Siscoaf and records here the protocol and time it got. Only a finalized coaf_cos can be filed.',
    tags,
    auth,
    params: reportParamsSchema,
    body: filingRequestSchema,
    responses: {
      200: { description: 'the filed report', schema: reportSchema },
      404: notFound,
      409: { description: 'the report is not finalized' },
      422: { description: 'not a coaf_cos report, or an invalid filing' },
    },
    handler: async ({ params, body, auth: caller, actor, deps }) => {
      await fileReport(deps, actor, { uuid: params.uuid, filing: body });
      return { status: 200, body: await readReport(deps, caller.companyId, params.uuid) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/reports/:uuid/void',
    operationId: 'voidReport',
    summary: 'Withdraw a draft or finalized report with a reason (it stays readable: nothing is deleted)',
    description:
      'Status voided with the reason and the time; the report, its sections and its frozen files stay readable. A filed or voided report cannot be voided.',
    tags,
    auth,
    params: reportParamsSchema,
    body: voidRequestSchema,
    responses: {
      200: { description: 'the voided report', schema: reportSchema },
      404: notFound,
      409: { description: 'the report is already filed or voided' },
    },
    handler: async ({ params, body, auth: caller, actor, deps }) => {
      await voidReport(deps, actor, { uuid: params.uuid, reason: body.reason });
      return { status: 200, body: await readReport(deps, caller.companyId, params.uuid) };
    },
  }),
];
