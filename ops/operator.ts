import { operatorActor, type OperatorActor } from '../domain/actor';

/**
 * Who runs an ops command, as the use cases record it: `--operator <name>`, else the OS user
 * running the CLI, else `operator` (a container user without a name).
 */
export function operatorOf(flag: string | undefined, osUser: string | undefined): OperatorActor {
  return operatorActor([flag, osUser].find((name) => name !== undefined && name.trim() !== '') ?? 'operator');
}
