// The audit row of an update holds only what changed: { field: { antes, despues } }.

export function changedFields<T extends object>(before: T, after: T): Record<string, { antes: unknown; despues: unknown }> {
  const out: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (before[key] !== after[key]) out[key] = { antes: before[key], despues: after[key] };
  }
  return out;
}
