/**
 * The import gate. On the embedded database an import is written in many short transactions (so
 * that other users' requests run between them: backup/apply-in-chunks.ts), and until the last
 * one the importing user's data is half old, half new. While that runs, the gate is closed for
 * that user: their other requests are refused with IMPORT_IN_PROGRESS (503, Retry-After), and
 * the import starts writing only once the requests that were already running have ended.
 * Other users pass as always.
 *
 * In-process state is enough: the embedded database has one server process per data directory
 * (docs/decisions.md). On PostgreSQL an import is one transaction and the gate is never closed.
 */
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { routes } from '@habitquest/contracts/routes';
import { HttpError } from './errors';

/** What a refused request is told to wait, in seconds. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;
/** How long an import waits for the user's running requests to end before it gives up. */
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Requests the gate lets through uncounted: imports queue among themselves (importGate.close),
 * and an event stream reads no data (it only tells the tab to read again, after the import).
 */
const PASSING_PATHS = new Set<string>([routes.importData.path, routes.events.path]);

export type GateRelease = (options?: { keepClosed?: boolean }) => void;

export class ImportGate {
  /** Requests of any user that have started and not ended (imports and event streams aside). */
  private busy = 0;
  /** Imports waiting for a moment when no request is running. */
  private idleWaiters: (() => void)[] = [];
  /** Requests of each user that passed the gate and have not ended. */
  private readonly running = new Map<string, number>();
  /** Users whose import is being written. */
  private readonly closed = new Set<string>();
  /** Users whose data could not be put back after a failed import: closed until a restart. */
  private readonly stuck = new Set<string>();
  /** The end of each user's queue of imports waiting to close the gate. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Imports waiting for a user's running requests to end. */
  private readonly drainWaiters = new Map<string, (() => void)[]>();

  /**
   * Counts a request from its start (before its session is read) until the returned function is
   * called, so that an import can let it go first (whenIdle).
   */
  started(path: string): () => void {
    if (PASSING_PATHS.has(path)) return noop;
    this.busy += 1;
    let isDone = false;
    return () => {
      if (isDone) return;
      isDone = true;
      this.busy -= 1;
      if (this.busy > 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    };
  }

  /**
   * Resolves when no request is running (at the earliest on the next turn of the event loop), or
   * after `maxWaitMs` whatever runs: between its steps an import on the embedded database lets
   * everyone else's requests go first, without being held back for ever by a steady stream.
   */
  async whenIdle(maxWaitMs: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.busy === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.idleWaiters.push(resolve);
      timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((wake) => wake !== resolve);
        resolve();
      }, maxWaitMs);
    });
    clearTimeout(timer);
  }

  /**
   * Lets a request of `userId` in, or refuses it while their import is being written. The
   * returned function must be called when the request has ended.
   */
  enter(userId: string, path: string): () => void {
    if (PASSING_PATHS.has(path)) return noop;
    if (this.closed.has(userId)) throw importInProgress();
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    let isDone = false;
    return () => {
      if (isDone) return;
      isDone = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) {
        this.running.set(userId, left);
        return;
      }
      this.running.delete(userId);
      const waiters = this.drainWaiters.get(userId) ?? [];
      this.drainWaiters.delete(userId);
      for (const wake of waiters) wake();
    };
  }

  isClosed(userId: string): boolean {
    return this.closed.has(userId);
  }

  /**
   * Closes the gate for `userId` once the imports before this one have reopened it, then waits
   * until the user's running requests have ended. Resolves with the function that reopens it
   * (`keepClosed`: the user's data is not as it should be, nobody may read it until a restart).
   */
  async close(userId: string): Promise<GateRelease> {
    if (this.stuck.has(userId)) throw importInProgress();
    const before = this.queues.get(userId) ?? Promise.resolve();
    let done = noop;
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const tail = before.then(() => mine);
    this.queues.set(userId, tail);
    await before;
    const release: GateRelease = (options = {}) => {
      if (options.keepClosed === true) this.stuck.add(userId);
      else this.closed.delete(userId);
      if (this.queues.get(userId) === tail) this.queues.delete(userId);
      done();
    };
    if (this.stuck.has(userId)) {
      release({ keepClosed: true });
      throw importInProgress();
    }
    this.closed.add(userId);
    try {
      await this.drained(userId);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  private async drained(userId: string): Promise<void> {
    if (!this.running.has(userId)) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        const waiters = this.drainWaiters.get(userId) ?? [];
        waiters.push(resolve);
        this.drainWaiters.set(userId, waiters);
        timer = setTimeout(() => {
          const left = (this.drainWaiters.get(userId) ?? []).filter((wake) => wake !== resolve);
          if (left.length > 0) this.drainWaiters.set(userId, left);
          else this.drainWaiters.delete(userId);
          reject(new HttpError('CONFLICT', ERROR_MESSAGES.conflict));
        }, DRAIN_TIMEOUT_MS);
      });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The gate of this process (user ids are unique, so servers sharing a process share it safely). */
export const importGate = new ImportGate();

export function importInProgress(): HttpError {
  return new HttpError(
    'IMPORT_IN_PROGRESS',
    ERROR_MESSAGES.importInProgress,
    { retryAfter: IMPORT_RETRY_AFTER_SECONDS },
    { 'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS) },
  );
}

function noop(): void {
  // nothing to give back
}
