import { fork } from 'node:child_process';

/** The scoring server's process, as the embedded engine drives it, whatever started it. */
export interface EngineChild {
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  readonly exited: boolean;
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  onError(listener: (error: Error) => void): void;
  /** Asks the server to finish and exit (SIGTERM); `force` kills it at once. */
  stop(force?: boolean): void;
}

export interface EngineLaunch {
  modulePath: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  execArgv: string[];
}

export type EngineLauncher = (launch: EngineLaunch) => EngineChild;

/**
 * Node's `child_process.fork`: the browser host and the tests run under plain Node. Electron
 * starts the engine with `utilityProcess.fork` instead (src/main/electron), so that its
 * binary never has to run as Node and the RunAsNode fuse can stay off.
 */
export const forkLauncher: EngineLauncher = ({ modulePath, args, env, execArgv }) => {
  const child = fork(modulePath, args, {
    execArgv,
    env,
    // The IPC channel tells the server when the app is gone (it exits on 'disconnect').
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    onExit: (listener) => child.once('exit', listener),
    onError: (listener) => child.on('error', listener),
    stop: (force = false) => child.kill(force ? 'SIGKILL' : 'SIGTERM'),
  };
};
