import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { History } from '@temporalio/common/lib/proto-utils';

/**
 * The recorded workflow histories (docs/workflows.md, "Changing a workflow"): one folder per
 * workflow type, one JSON file per path through it, in the format `temporal workflow show
 * --output json` writes. `npm run record-histories` writes them, the replay test of `npm test`
 * (test/replay/workflow-histories.test.ts) replays every one against the current workflow code.
 */
export const historiesDir = path.join(__dirname, '..', 'test', 'fixtures', 'histories');

/*
 * The SDK's own historyToJSON / historyFromJSON (@temporalio/common/lib/proto-utils) do exactly
 * this, but with the protobufjs copy nested under @temporalio/common, and this lockfile nests a
 * second copy under @temporalio/proto whose types the first does not recognise ("type must be a
 * Type"). Loading @temporalio/proto as @temporalio/common loads it, and protojson from the
 * protobufjs that proto itself uses, gives the same canonical proto3 JSON (what `temporal workflow
 * show --output json` writes; the SDK's historyFromJSON reads it wherever one copy is installed)
 * on any layout of node_modules.
 */
const commonRequire = createRequire(require.resolve('@temporalio/common'));
const proto = commonRequire('@temporalio/proto');
const protoRequire = createRequire(commonRequire.resolve('@temporalio/proto'));
const protojson: {
  toJson: (type: unknown, message: unknown) => unknown;
  fromJson: (type: unknown, json: unknown, options: object) => unknown;
} = protoRequire('protobufjs/ext/protojson');
const historyType = commonRequire('@temporalio/proto/lib/patch-protobuf-root')
  .patchProtobufRoot(proto)
  .lookupType('temporal.api.history.v1.History');

/** A history as the JSON of a fixture file. */
export function historyToJson(history: History): string {
  return JSON.stringify(protojson.toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history)), null, 2);
}

/** A fixture file's JSON as the History that Worker.runReplayHistories takes. */
function historyFromJson(json: unknown): History {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { events?: unknown }).events))
    throw new TypeError('a history is an object with an array of events');
  const history = protojson.fromJson(historyType, json, { ignoreUnknownFields: true });
  if (!history) throw new TypeError('not a history');
  return history as History;
}

export type RecordedHistory = {
  /** The folder: the workflow type the history must be of. */
  workflowType: string;
  /** The file name without `.json`: the path through the workflow (`sync-completed`, `failed-gone`…). */
  pathName: string;
  /** Relative to historiesDir: `analysisWorkflow/sync-completed.json`. */
  file: string;
  json: unknown;
  history: History;
};

export function recordedHistories(dir = historiesDir): RecordedHistory[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(path.join(dir, folder.name))
        .filter((name) => name.endsWith('.json'))
        .map((name) => {
          const json = JSON.parse(readFileSync(path.join(dir, folder.name, name), 'utf8'));
          return {
            workflowType: folder.name,
            pathName: name.slice(0, -'.json'.length),
            file: `${folder.name}/${name}`,
            json,
            history: historyFromJson(json),
          };
        }),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The workflow type a history ran, from its first event. */
export function workflowTypeOf(history: History): string | undefined {
  return history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? undefined;
}

/** How a history ended: the attribute name of its close event (`workflowExecutionCompletedEventAttributes`…), or undefined while open. */
export function closeEventOf(history: History): string | undefined {
  const last = history.events?.at(-1);
  if (!last) return undefined;
  const closing = [
    'workflowExecutionCompletedEventAttributes',
    'workflowExecutionFailedEventAttributes',
    'workflowExecutionCanceledEventAttributes',
    'workflowExecutionTerminatedEventAttributes',
    'workflowExecutionTimedOutEventAttributes',
  ] as const;
  return closing.find((key) => last[key]);
}

/** What a webhook secret and an API key start with: neither may ever be in a committed history. */
const secretPrefixes = ['whsec_', 'erk_'];

/**
 * Every secret-looking string in a history's JSON: each string value is searched as it is and
 * base64-decoded (payloads are base64 in the JSON, so a plain grep of the file would miss them).
 */
export function secretsIn(json: unknown, extra: readonly string[] = []): string[] {
  const needles = [...secretPrefixes, ...extra.filter(Boolean)];
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const texts = [value, Buffer.from(value, 'base64').toString('utf8')];
      for (const needle of needles)
        if (texts.some((text) => text.includes(needle))) found.add(needle.length > 8 ? `${needle.slice(0, 6)}…` : needle);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(json);
  return [...found];
}
