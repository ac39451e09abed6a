import { z } from 'zod';
import { analysisSettings } from './analysis-settings';
import { housekeepingSettings } from './housekeeping-settings';
import { narrativeSettings, requireNarrativeWriterSettings } from './narrative-settings';
import { observabilitySettings } from './observability-settings';
import { runtimeSettings } from './runtime-settings';
import { signInSettings } from './sign-in-settings';
import { watchlistSettings } from './watchlist-settings';
import { webhookSettings } from './webhook-settings';

/** The one schema of the environment, composed of its areas (config/*-settings.ts). */
export const configSchema = z
  .object({
    ...runtimeSettings,
    ...observabilitySettings,
    ...webhookSettings,
    ...analysisSettings,
    ...narrativeSettings,
    ...housekeepingSettings,
    ...watchlistSettings,
    ...signInSettings,
  })
  .superRefine(requireNarrativeWriterSettings);

export type Config = z.infer<typeof configSchema>;

/** Settings that exist for tests only must not leak into any other environment. */
function refuseTestOnlySettings(config: Config): string[] {
  return config.TEST_WORKFLOW_STEP_DELAY_MS !== undefined && config.NODE_ENV !== 'test'
    ? ['TEST_WORKFLOW_STEP_DELAY_MS: only allowed with NODE_ENV=test']
    : [];
}

/** The workflow input field of TEST_WORKFLOW_STEP_DELAY_MS: empty unless the process runs under NODE_ENV=test with it set. */
export function testStepDelayOf(config: Pick<Config, 'NODE_ENV' | 'TEST_WORKFLOW_STEP_DELAY_MS'>): { testStepDelayMs?: number } {
  return config.NODE_ENV === 'test' && config.TEST_WORKFLOW_STEP_DELAY_MS ? { testStepDelayMs: config.TEST_WORKFLOW_STEP_DELAY_MS } : {};
}

export class ConfigError extends Error {}

/** Validates the environment once at start; every problem becomes one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const lines = parsed.success
    ? refuseTestOnlySettings(parsed.data)
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
  if (parsed.success && lines.length === 0) return parsed.data;
  throw new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

/** For process entry points: print the problems and exit 1 instead of a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
