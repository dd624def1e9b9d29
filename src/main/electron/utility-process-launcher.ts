import { utilityProcess } from 'electron';
import type { EngineLauncher } from '../engine-process/engine-child.js';

/**
 * The engine as an Electron utility process: Node inside Chromium's process model, started
 * without running Electron's binary as Node (ELECTRON_RUN_AS_NODE), so that the RunAsNode
 * fuse is off in the shipped app. Electron ends it when the app exits.
 */
export const utilityProcessLauncher: EngineLauncher = ({ modulePath, args, env, execArgv }) => {
  const child = utilityProcess.fork(modulePath, args, {
    env,
    execArgv,
    stdio: ['ignore', 'pipe', 'pipe'],
    serviceName: 'Examiner scoring engine',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    get exited() {
      return exited;
    },
    // A utility process reports its exit code only.
    onExit: (listener) => child.once('exit', (code) => listener(code, null)),
    onError: (listener) =>
      child.on('error', (type, location) => listener(new Error(`${type} at ${location}`))),
    stop: (force = false) => {
      // kill() sends SIGTERM; there is no SIGKILL of its own.
      if (force && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
      else child.kill();
    },
  };
};
