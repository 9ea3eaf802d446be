import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

let running: ChildProcess | undefined;

/**
 * Runs `astro build` with this process's Node (24; a shebang would pick the system's older Node).
 * Resolves with the exit code; the build's output goes to this process's output.
 */
export function runAstroBuild(root: string, outDir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    running = child;
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      running = undefined;
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

/** Stops a build in progress (on Ctrl-C or SIGTERM). */
export function stopAstroBuild(): void {
  running?.kill('SIGTERM');
}
