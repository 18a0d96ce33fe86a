import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ERRORS, isApiErrorCode, ZApiError } from '@app/shared';
import { AppError, sendApiError } from './errors.js';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The one file allowed to build `{error: {code, message}}` bodies. */
const SENDER = path.join('http', 'errors.ts');

interface Finding {
  where: string;
  problem: string;
}

/** String literals an expression can evaluate to: itself, or either branch of `a ? 'x' : 'y'`. */
function resultLiterals(node: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(node)) return resultLiterals(node.expression);
  if (ts.isConditionalExpression(node))
    return [...resultLiterals(node.whenTrue), ...resultLiterals(node.whenFalse)];
  return [node];
}

/**
 * What in one API source file could put a code on the wire that the table lacks: a literal code given to
 * `AppError` that is not in it, a template code no table code can match, a cast to the code type, or an
 * error body built by hand instead of by `sendApiError`.
 */
function errorCodeProblems(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const at = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${fileName}:${line + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') {
      const [first] = node.arguments ?? [];
      for (const candidate of first ? resultLiterals(first) : []) {
        if (ts.isStringLiteralLike(candidate) && !isApiErrorCode(candidate.text))
          findings.push({ where: at(candidate), problem: `code '${candidate.text}' is not in API_ERRORS` });
        if (ts.isTemplateExpression(candidate)) {
          const head = candidate.head.text;
          if (!Object.keys(API_ERRORS).some((code) => code.startsWith(head)))
            findings.push({ where: at(candidate), problem: `no code in API_ERRORS starts with '${head}'` });
        }
      }
    }
    if (ts.isAsExpression(node) && /\bTApiErrorCode\b/.test(node.type.getText(source)))
      findings.push({ where: at(node), problem: 'a cast to TApiErrorCode skips the check' });
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'error' &&
      ts.isObjectLiteralExpression(node.initializer) &&
      node.initializer.properties.some((p) => p.name?.getText(source) === 'code') &&
      !fileName.endsWith(SENDER)
    ) {
      findings.push({ where: at(node), problem: 'an error body built by hand: use sendApiError' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The API's own code: no tests, benchmarks, or fakes of outside services (they answer as Meta or Salla do). */
function apiSourceFiles(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        file.endsWith('.ts') && !/\.(test|bench)\.ts$/.test(file) && !file.startsWith(`testing${path.sep}`),
    )
    .sort();
}

describe('error codes the API can send', () => {
  it('are all in the shared table, and every error body goes through sendApiError', () => {
    const files = apiSourceFiles();
    expect(files).toContain(path.join('widget', 'widget-init.handler.ts'));
    const problems = files.flatMap((file) =>
      errorCodeProblems(file, readFileSync(path.join(srcDir, file), 'utf8')).map(
        (f) => `${f.where}: ${f.problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('the check finds an unknown code, a hand-built body and a cast', () => {
    const problems = errorCodeProblems(
      'example.routes.ts',
      [
        "throw new AppError(ok ? 'not_found' : 'no_such_code');",
        'throw new AppError(`nothing_${kind}`);',
        "res.json({ error: { code: 'not_found', message: 'gone' } });",
        'const code = raw as TApiErrorCode;',
      ].join('\n'),
    );
    expect(problems.map((p) => p.problem)).toEqual([
      "code 'no_such_code' is not in API_ERRORS",
      "no code in API_ERRORS starts with 'nothing_'",
      'an error body built by hand: use sendApiError',
      'a cast to TApiErrorCode skips the check',
    ]);
    expect(errorCodeProblems('ok.ts', "throw new AppError(`proxy_${kind}`, 'x');")).toEqual([]);
  });
});

describe('AppError and sendApiError', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** Answers every request with `send` and returns what a client receives. */
  async function answer(send: Parameters<typeof createServer>[1]) {
    server = createServer(send).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return { response, body: ZApiError.parse(await response.json()) };
  }

  it('takes its status and English words from the table unless the call site says more', () => {
    expect(new AppError('refresh_too_soon')).toMatchObject({
      status: 429,
      message: API_ERRORS.refresh_too_soon.en,
    });
    expect(new AppError('invalid_input', 'email: Invalid email')).toMatchObject({
      status: 400,
      message: 'email: Invalid email',
    });
  });

  it('sends {error: {code, message, details}} with the status, Retry-After and extra headers', async () => {
    const { response, body } = await answer((_req, res) =>
      sendApiError(res, new AppError('refresh_too_soon', undefined, { retry_after: 42 }), {
        headers: { 'Cache-Control': 'no-store' },
      }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual({
      error: {
        code: 'refresh_too_soon',
        message: API_ERRORS.refresh_too_soon.en,
        details: { retry_after: 42 },
      },
    });
  });

  it("keeps a body parser's own 4xx status", async () => {
    const { response, body } = await answer((_req, res) =>
      sendApiError(res, new AppError('bad_request', 'unsupported charset "KOI8-R"'), { status: 415 }),
    );
    expect(response.status).toBe(415);
    expect(body.error).toEqual({ code: 'bad_request', message: 'unsupported charset "KOI8-R"' });
  });
});
