/**
 * `npm run frameworks:fetch`: extracts the pinned framework files listed in sources.json from local git mirrors
 * (env VR_FRAMEWORK_MIRROR, default /work/.mirror, layout `<owner>+<name>/repo`) into the git-ignored `.frameworks/`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { extractedDir, SOURCES } from './sources';

const mirrorRoot = process.env.VR_FRAMEWORK_MIRROR ?? '/work/.mirror';

function git(dir: string, args: string[]): Buffer {
  return execFileSync('git', ['-C', dir, ...args], { maxBuffer: 256 * 1024 * 1024 });
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('**/')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${body}$`);
}

const started = Date.now();
for (const [name, source] of Object.entries(SOURCES)) {
  const repoDir = join(mirrorRoot, source.repo.replace('/', '+'), 'repo');
  if (!existsSync(repoDir)) {
    throw new Error(
      `no git mirror of ${source.repo} at ${repoDir} (set VR_FRAMEWORK_MIRROR to the folder holding <owner>+<name>/repo)`,
    );
  }
  try {
    git(repoDir, ['cat-file', '-e', `${source.commit}^{commit}`]);
  } catch {
    throw new Error(`commit ${source.commit} of ${source.repo} is not in the mirror ${repoDir}`);
  }
  const prefix = source.root === '' ? '' : `${source.root}/`;
  const listing = git(repoDir, ['ls-tree', '-r', '--name-only', source.commit, '--', prefix || '.'])
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((path) => path.slice(prefix.length));
  const patterns = source.include.map(globToRegExp);
  const wanted = listing.filter((path) => patterns.some((re) => re.test(path)));
  const target = extractedDir(name);
  rmSync(target, { recursive: true, force: true });
  for (const path of wanted) {
    const file = join(target, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, git(repoDir, ['show', `${source.commit}:${prefix}${path}`]));
  }
  console.log(`${name}: ${wanted.length} files from ${source.repo}@${source.commit} → ${target}`);
}
console.log(`fetched in ${((Date.now() - started) / 1000).toFixed(1)} s`);
