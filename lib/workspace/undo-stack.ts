/**
 * Undo/redo by snapshots of the (serialisable) workspace state, as Label
 * Studio's TimeTraveller does: cheap to reason about, and restoring a
 * snapshot is just another change that the autosaver then saves.
 */
export interface TUndoStack<S> {
  past: S[];
  future: S[];
  limit: number;
}

export function createUndoStack<S>(limit = 100): TUndoStack<S> {
  return { past: [], future: [], limit };
}

/** Records the state before a change; a new change clears the redo branch. */
export function recordChange<S>(stack: TUndoStack<S>, before: S): TUndoStack<S> {
  const past = [...stack.past, before];
  if (past.length > stack.limit) past.shift();
  return { ...stack, past, future: [] };
}

export function undo<S>(stack: TUndoStack<S>, current: S): { stack: TUndoStack<S>; state: S } | null {
  if (stack.past.length === 0) return null;
  const state = stack.past[stack.past.length - 1];
  return { stack: { ...stack, past: stack.past.slice(0, -1), future: [current, ...stack.future] }, state };
}

export function redo<S>(stack: TUndoStack<S>, current: S): { stack: TUndoStack<S>; state: S } | null {
  if (stack.future.length === 0) return null;
  const [state, ...future] = stack.future;
  return { stack: { ...stack, past: [...stack.past, current], future }, state };
}
