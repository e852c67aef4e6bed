import type { DumpRow, SqlValue } from './mysql-dump-parser.ts';

/**
 * Reading the old system's dump rows (legacy-to-dataset.ts converts them): typed access to one
 * row that names the file, line, table and column in every complaint, lists kept by a position
 * column, and the old time columns.
 */

/** Typed access to one dump row; every complaint names the file, line, table and column. */
export class Row {
  constructor(
    private readonly fileName: string,
    private readonly table: string,
    private readonly row: DumpRow,
  ) {}

  fail(reason: string): never {
    throw new Error(`${this.fileName} line ${this.row.line}: \`${this.table}\` ${reason}`);
  }

  /** Where the row is: '`bus_stop` row at dump.sql line 1455'. */
  get where(): string {
    return `\`${this.table}\` row at ${this.fileName} line ${this.row.line}`;
  }

  private raw(column: string): SqlValue {
    const value = this.row.values.get(column);
    if (value === undefined) this.fail(`row has no column \`${column}\``);
    return value;
  }

  nullableInt(column: string): number | null {
    const value = this.raw(column);
    if (value === null) return null;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.fail(`\`${column}\` must be a whole number, got ${JSON.stringify(value)}`);
    }
    return value;
  }

  int(column: string): number {
    const value = this.nullableInt(column);
    if (value === null) this.fail(`\`${column}\` is NULL`);
    return value;
  }

  nullableText(column: string): string | null {
    const value = this.raw(column);
    if (value !== null && typeof value !== 'string') {
      this.fail(`\`${column}\` must be text, got ${JSON.stringify(value)}`);
    }
    return value;
  }

  text(column: string): string {
    const value = this.nullableText(column);
    if (value === null) this.fail(`\`${column}\` is NULL`);
    return value;
  }

  /** bit(1): b'0' / b'1'; NULL only where the caller allows it. */
  nullableBool(column: string): boolean | null {
    const value = this.nullableInt(column);
    if (value === null) return null;
    if (value !== 0 && value !== 1) this.fail(`\`${column}\` must be b'0' or b'1', got ${value}`);
    return value === 1;
  }

  bool(column: string): boolean {
    const value = this.nullableBool(column);
    if (value === null) this.fail(`\`${column}\` is NULL`);
    return value;
  }

  /** A Java enum stored by ORDINAL. */
  ordinal<T extends string>(column: string, values: readonly T[]): T {
    const index = this.int(column);
    const value = values[index];
    if (value === undefined) {
      this.fail(
        `\`${column}\` = ${index} is not a known value (0..${values.length - 1}: ${values.join(', ')})`,
      );
    }
    return value;
  }

  nullableOrdinal<T extends string>(column: string, values: readonly T[]): T | null {
    return this.nullableInt(column) === null ? null : this.ordinal(column, values);
  }
}

/** Far above any real route; stops a corrupt order column from allocating a huge array. */
const MAX_POSITION = 10_000;

/** An ordered list keyed by a position column (Hibernate's @OrderColumn). */
export function byPosition<T>(items: { position: number; value: T; row: Row }[]): (T | undefined)[] {
  const list: (T | undefined)[] = [];
  const taken = new Set<number>();
  for (const { position, value, row } of items) {
    if (position < 0 || position > MAX_POSITION) row.fail(`position ${position} is out of range`);
    if (taken.has(position)) row.fail(`position ${position} is used twice`);
    taken.add(position);
    list[position] = value;
  }
  // Array holes become explicit undefined so callers can see and report them.
  return Array.from(list);
}

/** 'HH:MM:SS[.ffffff]' (a MySQL TIME) to 'HH:MM'. */
export function legacyTime(row: Row, column: string, warnings: string[], what: string): string | null {
  const value = row.nullableText(column);
  if (value === null) return null;
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/.exec(value);
  if (!match) row.fail(`\`${column}\` = ${JSON.stringify(value)} is not a time of day`);
  const [, hours = '', minutes = '', seconds = '00', fraction = '0'] = match;
  if (Number(hours) > 23 || Number(minutes) > 59) {
    row.fail(`\`${column}\` = ${JSON.stringify(value)} is not between 00:00 and 23:59`);
  }
  if (Number(seconds) !== 0 || Number(fraction) !== 0) {
    warnings.push(`${what}: ${value} has seconds; kept as ${hours}:${minutes}`);
  }
  return `${hours}:${minutes}`;
}
