import { Worker } from 'node:worker_threads';

/**
 * Ends this process if the server dies while it decodes: the decoder holds the event loop, so
 * 'disconnect' would wait for the job to end, however long that takes. A thread of its own
 * notices the server gone (the process is reparented) within a second.
 */
export function stopWithParent(): void {
  const watchdog = new Worker(
    `const { workerData: server } = require('node:worker_threads');
     setInterval(() => { if (process.ppid !== server) process.kill(process.pid, 'SIGKILL'); }, 1000);`,
    { eval: true, workerData: process.ppid },
  );
  watchdog.unref();
}
