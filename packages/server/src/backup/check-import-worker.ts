/** The worker thread of checkImportOffThread: one request body in, its CheckedImport out. */
import { parentPort } from 'node:worker_threads';
import { checkImport } from './check-import';

parentPort?.once('message', (body: string) => {
  parentPort?.postMessage(checkImport(body));
});
