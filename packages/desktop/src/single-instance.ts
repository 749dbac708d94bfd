/**
 * One shell per data directory. The first listens on a unix socket in the directory (only its
 * user can reach it); a second launch finds it there, asks it to bring its window forward and
 * exits. The same socket is how tests and `--hidden` autostarts talk to a running shell.
 */
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type ControlRequest = { command: string; script?: string };
export type ControlHandler = (request: ControlRequest) => Promise<unknown>;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

/** Sends one request to a running shell; null when none listens there. */
export async function sendControl(
  socketPath: string,
  request: ControlRequest,
  timeoutMs = 30_000,
): Promise<unknown> {
  return await new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let buffer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from the running HabitQuest (${request.command})`));
    }, timeoutMs);
    socket.once('connect', () => {
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      clearTimeout(timer);
      socket.end();
      const reply = JSON.parse(buffer.slice(0, end)) as {
        ok: boolean;
        result?: unknown;
        error?: string;
      };
      if (reply.ok) resolve(reply.result ?? null);
      else reject(new Error(reply.error ?? 'failed'));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/**
 * Becomes the one shell of the directory, or answers false when another one runs (which has
 * then been asked to come forward).
 */
export async function claimSingleInstance(
  dataDir: string,
  handler: ControlHandler,
): Promise<net.Server | false> {
  const socketPath = controlSocketPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await sendControl(socketPath, { command: 'focus' }).catch(() => null);
    if (answer !== null) return false;
    // Nobody answers: a socket file left by a shell that crashed.
    rmSync(socketPath, { force: true });
    const server = net.createServer((socket) => {
      serveConnection(socket, handler);
    });
    const isListening = await new Promise<boolean>((resolve) => {
      server.once('error', () => {
        resolve(false);
      });
      server.listen(socketPath, () => {
        resolve(true);
      });
    });
    if (isListening) {
      chmodSync(socketPath, 0o600);
      return server;
    }
    // Another launch took it between our look and our listen: ask that one next round.
  }
  throw new Error(`could not take ${socketPath}`);
}

function serveConnection(socket: net.Socket, handler: ControlHandler): void {
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    const end = buffer.indexOf('\n');
    if (end === -1) return;
    const line = buffer.slice(0, end);
    buffer = buffer.slice(end + 1);
    void (async () => {
      try {
        const request = JSON.parse(line) as ControlRequest;
        const result = await handler(request);
        socket.end(`${JSON.stringify({ ok: true, result: result ?? null })}\n`);
      } catch (error) {
        socket.end(`${JSON.stringify({ ok: false, error: String(error) })}\n`);
      }
    })();
  });
  socket.on('error', () => undefined);
}
