/** The worker thread of checkImportOffThread: one request body in, its CheckedImport out (packed). */
import { parentPort } from 'node:worker_threads';
import { checkImport, packChecked } from './check-import';

parentPort?.once('message', (body: string) => {
  parentPort?.postMessage(packChecked(checkImport(body)));
});
