/**
 * Loaded (`--import`) into every utility process the `electron` double forks. Electron gives a
 * utility process `process.parentPort`, where what the parent posts with `child.postMessage(message)`
 * arrives as a 'message' event whose `data` is the message (Electron's utilityProcess and
 * parentPort docs, https://www.electronjs.org/docs/latest/api/parent-port). The double carries the
 * messages as JSON lines on file descriptor 3, so the child has no Node IPC channel (`process.send`,
 * `process.channel`), as a utility process has none.
 */
import { EventEmitter } from 'node:events';
import { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { isMainThread } from 'node:worker_threads';

// Worker threads load --import modules too; the port is the process's main thread's, and a second
// reader of descriptor 3 would take its messages (and close it when the worker ends).
if (isMainThread) {
  const parentPort = new EventEmitter();
  const pipe = new Socket({ fd: 3, readable: true, writable: false });
  // Like Electron's parentPort, listening keeps no process alive that has nothing else to do.
  pipe.unref();
  createInterface({ input: pipe }).on('line', (line) => parentPort.emit('message', { data: JSON.parse(line), ports: [] }));
  Object.defineProperty(process, 'parentPort', { value: parentPort, enumerable: false });
}
