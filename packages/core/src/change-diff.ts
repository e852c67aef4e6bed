/**
 * What changed, field by field, between two recorded states of a thing (the admin history).
 * States are plain JSON (times already 'HH:MM'). Objects are walked by key; arrays of objects
 * that carry an `id` are matched by id ('trips[id=130].timeList[2]'), so a removed or added
 * trip is one change, not a shift of every trip after it; other arrays are compared by
 * position, and arrays of plain values (a time list, the weekdays) by position too.
 */
export interface FieldChange {
  /** 'info.name', 'trips[id=130].timeList[2]', 'routes[id=40]'. */
  path: string;
  /** The value as text; null when the field did not exist on that side. */
  before: string | null;
  after: string | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasIds(list: readonly unknown[]): list is Record<string, Json>[] {
  return list.length > 0 && list.every((item) => isObject(item) && typeof item.id === 'number');
}

/** A value as one line of text: '06:46', '—' for null, lists joined. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(changeValueText).join(', ');
  if (isObject(value)) {
    const name = value.name ?? value.periodName ?? value.noteKey;
    if (typeof value.id === 'number')
      return typeof name === 'string' ? `${name} (${value.id})` : `#${value.id}`;
    return JSON.stringify(value);
  }
  return String(value);
}

function walk(path: string, before: unknown, after: unknown, out: FieldChange[]): void {
  if (before === undefined && after === undefined) return;
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      walk(path ? `${path}.${key}` : key, before[key], after[key], out);
    return;
  }
  // Something added or taken away: each of its fields (its id is already in the path).
  const one = before === undefined ? after : after === undefined ? before : undefined;
  if (isObject(one)) {
    for (const key of Object.keys(one))
      if (key !== 'id' || path === '')
        walk(
          path ? `${path}.${key}` : key,
          before === undefined ? undefined : one[key],
          before === undefined ? one[key] : undefined,
          out,
        );
    return;
  }
  if (Array.isArray(one) && (hasIds(one) || one.some((v) => isObject(v) || Array.isArray(v)))) {
    walk(path, before ?? [], after ?? [], out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const keyed = (hasIds(before) || before.length === 0) && (hasIds(after) || after.length === 0);
    if (keyed && (before.length > 0 || after.length > 0)) {
      const old = new Map((before as Record<string, Json>[]).map((item) => [item.id as number, item]));
      const now = new Map((after as Record<string, Json>[]).map((item) => [item.id as number, item]));
      for (const id of new Set([...old.keys(), ...now.keys()]))
        walk(`${path}[id=${id}]`, old.get(id), now.get(id), out);
      return;
    }
    const plain = [...before, ...after].every((v) => !isObject(v) && !Array.isArray(v));
    if (plain && before.length === after.length) {
      for (let i = 0; i < before.length; i++) walk(`${path}[${i}]`, before[i], after[i], out);
      return;
    }
    if (!plain) {
      for (let i = 0; i < Math.max(before.length, after.length); i++)
        walk(`${path}[${i}]`, before[i], after[i], out);
      return;
    }
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  out.push({
    path,
    before: before === undefined ? null : changeValueText(before),
    after: after === undefined ? null : changeValueText(after),
  });
}

/**
 * Every field that differs. A thing created or deleted lists each of its fields (null on the
 * side where it did not exist), as does an item added to or taken from a list.
 */
export function diffStates(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk('', before ?? undefined, after ?? undefined, out);
  return out;
}
