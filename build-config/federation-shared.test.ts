import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { sharedRouterGuard } from './federation-shared.mjs';

/** Runs the guard's transform on one module as Vite would, and returns the error it raised. */
function guard(code: string, id = '/app/src/page.tsx'): string | null {
  const plugin: Plugin = sharedRouterGuard();
  const transform = plugin.transform as (this: unknown, code: string, id: string) => unknown;
  try {
    transform.call(
      {
        error(message: string) {
          throw new Error(message);
        },
      },
      code,
      id,
    );
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('sharedRouterGuard', () => {
  it('lets a module import the shared exports, renamed or not, and types of anything', () => {
    expect(guard("import { Link, Navigate as Go, useNavigate } from 'react-router';")).toBeNull();
    expect(guard("import type { Location } from 'react-router';")).toBeNull();
    expect(guard("import { type Location, Link } from 'react-router';")).toBeNull();
  });

  it('fails the build on an export the shared router does not hold, naming it and the file', () => {
    const error = guard("import { Link, useParams } from 'react-router';");
    expect(error).toContain('/app/src/page.tsx imports useParams');
    expect(error).toContain('build-config/federation-shared.mjs');
  });

  it('fails the build on a subpath or a namespace import', () => {
    expect(guard("import { Link } from 'react-router/dom';")).toContain("from 'react-router/dom'");
    expect(guard("import * as Router from 'react-router';")).toContain('* as Router');
  });

  it('leaves dependencies alone', () => {
    expect(guard("import { useParams } from 'react-router';", '/x/node_modules/y/z.js')).toBeNull();
  });
});
