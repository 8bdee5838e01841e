import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { connect } from './db';

/**
 * Captures the statements the server sends for one request: the bench database gets
 * log_min_duration_statement = 0 (only that database, only new sessions, so the caller starts a
 * fresh server after `enable`), and the PostgreSQL log is read from the offset taken before.
 */
export const POSTGRES_LOG =
  process.env.BENCH_POSTGRES_LOG || '/var/log/postgresql/postgresql-15-main.log';

export interface CapturedStatement {
  sql: string;
  params: (string | null)[];
  durationMs: number;
  pid: string;
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export async function setStatementLogging(url: string, on: boolean): Promise<void> {
  const sql = connect(url);
  try {
    const name = databaseName(url);
    await sql.unsafe(
      on
        ? `alter database "${name}" set log_min_duration_statement = 0`
        : `alter database "${name}" reset log_min_duration_statement`,
    );
  } finally {
    await sql.end();
  }
}

export function logOffset(): number {
  return statSync(POSTGRES_LOG).size;
}

function readFrom(offset: number): string {
  const size = statSync(POSTGRES_LOG).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(POSTGRES_LOG, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

const ENTRY_START =
  /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] (\S*)@(\S*) (LOG|DETAIL): {2}/;

/** `execute` entries (extended protocol) and `statement` entries with their parameters. */
export function parseLog(text: string, database: string): CapturedStatement[] {
  const entries: { pid: string; db: string; level: string; body: string }[] = [];
  for (const raw of text.split('\n')) {
    const match = ENTRY_START.exec(raw);
    if (match) {
      entries.push({
        pid: match[1]!,
        db: match[3]!,
        level: match[4]!,
        body: raw.slice(match[0].length),
      });
    } else if (entries.length > 0 && /^\s/.test(raw)) {
      entries[entries.length - 1]!.body += `\n${raw.trim()}`;
    }
  }
  const statements: CapturedStatement[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.db !== database || entry.level !== 'LOG') continue;
    const match = /^duration: ([\d.]+) ms {2}(?:execute [^:]*|statement): ([\s\S]*)$/.exec(
      entry.body,
    );
    if (!match) continue;
    const params: (string | null)[] = [];
    const detail = entries.slice(i + 1).find((e) => e.pid === entry.pid);
    if (detail?.level === 'DETAIL' && /^parameters: /i.test(detail.body)) {
      for (const p of detail.body.matchAll(/\$(\d+) = ('(?:[^']|'')*'|NULL)/g)) {
        params[Number(p[1]) - 1] =
          p[2] === 'NULL' ? null : p[2]!.slice(1, -1).replaceAll("''", "'");
      }
    }
    statements.push({
      sql: match[2]!.trim(),
      params,
      durationMs: Number(match[1]),
      pid: entry.pid,
    });
  }
  return statements;
}

export async function captureStatements(url: string, offset: number): Promise<CapturedStatement[]> {
  // The logger writes asynchronously; give it a moment.
  await new Promise((r) => setTimeout(r, 300));
  return parseLog(readFrom(offset), databaseName(url));
}

/** The statement with its parameters written in as literals, ready for EXPLAIN. */
export function inline(statement: CapturedStatement): string {
  return statement.sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = statement.params[Number(n) - 1];
    return value === null || value === undefined ? 'NULL' : `'${value.replaceAll("'", "''")}'`;
  });
}
