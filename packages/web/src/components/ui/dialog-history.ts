/**
 * Back closes the dialog on top instead of leaving the app. Each open dialog adds a history entry
 * at the same address (its depth in the state); Back pops it and the popstate closes the dialogs
 * above the depth reached. A dialog closed any other way steps back over its own entry, so no dead
 * entries pile up, and Forward onto an entry whose dialog is gone steps back off it again. Pushes
 * wait while such a step back is under way (history.back() is async, and a push before it lands
 * would be the entry it steps back over).
 */
const KEY = 'habitquestDialog';

export type DialogEntry = { readonly close: () => void; state: 'waiting' | 'pushed' | 'done' };

const stack: DialogEntry[] = [];
const waiting: DialogEntry[] = [];
let pendingBacks = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let isListening = false;

function depthOf(state: unknown): number {
  if (typeof state !== 'object' || state === null) return 0;
  const depth = (state as Record<string, unknown>)[KEY];
  return typeof depth === 'number' ? depth : 0;
}

function flush(): void {
  timer = null;
  if (pendingBacks > 0) return; // the popstate of the step back flushes
  // With no dialog open, the current entry is not a dialog's: a reload (or a same-address
  // navigation, which Chrome turns into one) keeps the state of the entry a dialog had.
  if (stack.length === 0 && depthOf(window.history.state) > 0) {
    const state = window.history.state as Record<string, unknown>;
    window.history.replaceState(
      Object.fromEntries(Object.entries(state).filter(([key]) => key !== KEY)),
      '',
    );
  }
  for (const entry of waiting.splice(0)) {
    stack.push(entry);
    entry.state = 'pushed';
    const state: unknown = window.history.state;
    const base = typeof state === 'object' && state !== null ? state : {};
    window.history.pushState({ ...base, [KEY]: stack.length }, '');
  }
}

function onPopState(event: PopStateEvent): void {
  if (pendingBacks > 0) {
    pendingBacks -= 1;
    if (pendingBacks === 0 && waiting.length > 0) flush();
    return;
  }
  const depth = depthOf(event.state);
  while (stack.length > depth) {
    const entry = stack.pop();
    if (!entry) break;
    entry.state = 'done';
    entry.close();
  }
  // Forward onto the entry of a dialog Back already closed (or of a page left with a dialog
  // open): no dialog stands on it, so step back to the entry the open dialogs are on.
  if (depth > stack.length) {
    pendingBacks += 1;
    window.history.go(stack.length - depth);
  }
}

/** Gives an opening dialog its history entry; `close` runs when Back leaves it. */
export function openDialogEntry(close: () => void): DialogEntry {
  if (!isListening) {
    window.addEventListener('popstate', onPopState);
    isListening = true;
  }
  const entry: DialogEntry = { close, state: 'waiting' };
  waiting.push(entry);
  // After this commit's effects: an address replaced by one of them keeps its place below ours.
  timer ??= setTimeout(flush, 0);
  return entry;
}

/** A dialog closed without Back: drops its entry (and those above it) from the history. */
export function closeDialogEntry(entry: DialogEntry): void {
  if (entry.state === 'waiting') {
    waiting.splice(waiting.indexOf(entry), 1);
    entry.state = 'done';
    return;
  }
  if (entry.state !== 'pushed') return;
  const index = stack.indexOf(entry);
  const removed = stack.splice(index);
  for (const each of removed) each.state = 'done';
  // Only while the history still stands on these entries: a navigation may have left them.
  if (depthOf(window.history.state) === index + removed.length) {
    pendingBacks += 1;
    window.history.go(-removed.length);
  }
}
