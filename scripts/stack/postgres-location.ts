import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Where an embedded cluster lives. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` system user, which must be able to traverse every folder above its data: a clone in
 * /root/app or in any 0700 folder is not. There the cluster moves to a folder of that user under
 * /var/tmp, and the project keeps a symlink to it, so that its logs stay where the docs say and
 * deleting the project's data folder still resets (and, at the next start, removes) the cluster.
 */
export const runningAsRoot = process.getuid?.() === 0;
const projectRoot = path.resolve(__dirname, '..', '..');
const hash = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);
const externalClusterBase = path.join('/var/tmp', `entity-risk-${hash(projectRoot, 12)}`);
const ownerFile = '.entity-risk-link';

export function postgresUserIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** access(2) as `postgres`: search permission on the folder and on every folder above it. */
function postgresCanTraverse(dir: string): boolean {
  return spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dir], { stdio: 'ignore' }).status === 0;
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** `.data/dev/postgres` → `dev`; a folder elsewhere gets its name and a hash of its path. */
function profileName(wanted: string): string {
  const relative = path.relative(path.join(projectRoot, '.data'), path.dirname(wanted));
  if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) return relative.split(path.sep).join('-');
  return `${path.basename(path.dirname(wanted))}-${hash(path.dirname(wanted), 8)}`;
}

function ownedByPostgres(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const { uid, gid } = postgresUserIds();
  chownSync(dir, uid, gid);
  chmodSync(dir, 0o700);
}

/**
 * Clusters whose project-side link is gone (their data folder was deleted) and whose server is
 * not running. Not the newest: another stack may be between creating its folder and its link.
 */
function pruneOrphans(): void {
  if (!existsSync(externalClusterBase)) return;
  for (const name of readdirSync(externalClusterBase)) {
    const profile = path.join(externalClusterBase, name);
    if (statSync(profile).mtimeMs > Date.now() - 10_000) continue;
    const link = existsSync(path.join(profile, ownerFile)) ? readFileSync(path.join(profile, ownerFile), 'utf8') : '';
    const linked = isSymlink(link) && readlinkSync(link) === path.join(profile, 'postgres');
    if (!linked && !existsSync(path.join(profile, 'postgres', 'pgdata', 'postmaster.pid')))
      rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * The folder to give startPostgres for `wanted` (`<stack data>/postgres`): `wanted` itself unless
 * running as root with a path `postgres` cannot reach; then the linked folder under /var/tmp.
 */
export function resolveClusterDir(folder: string): string {
  const wanted = path.resolve(folder);
  if (!runningAsRoot) return wanted;
  if (isSymlink(wanted)) {
    const target = readlinkSync(wanted);
    if (existsSync(target)) return target;
    rmSync(wanted, { force: true });
  }
  mkdirSync(path.dirname(wanted), { recursive: true });
  if (postgresCanTraverse(path.dirname(wanted))) return wanted;
  if (existsSync(wanted)) {
    throw new Error(
      `PostgreSQL runs as the postgres user, which cannot reach ${wanted}: delete that folder (the stack then keeps the cluster under ${externalClusterBase}) or make its parents traversable`,
    );
  }
  pruneOrphans();
  const profile = path.join(externalClusterBase, profileName(wanted));
  ownedByPostgres(externalClusterBase);
  rmSync(profile, { recursive: true, force: true }); // no link pointed at it: a leftover of deleted data
  ownedByPostgres(profile);
  writeFileSync(path.join(profile, ownerFile), wanted);
  const target = path.join(profile, 'postgres');
  ownedByPostgres(target);
  symlinkSync(target, wanted);
  return target;
}

/** Deletes a stack data folder, the cluster it links to outside the project if any, and orphans of plain deletions. */
export function removeStackData(dataDir: string): void {
  const link = path.join(dataDir, 'postgres');
  if (isSymlink(link)) rmSync(path.dirname(readlinkSync(link)), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  if (!runningAsRoot) return;
  pruneOrphans();
  if (existsSync(externalClusterBase) && readdirSync(externalClusterBase).length === 0)
    rmSync(externalClusterBase, { recursive: true, force: true });
}
