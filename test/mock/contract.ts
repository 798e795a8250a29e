import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** An answer as a test received it, to hold against `/openapi.json`. */
export interface ObservedAnswer {
  /** Request method. */
  method: string;
  /** Request path with its query (or a whole URL). */
  url: string;
  /** Status received. */
  status: number;
  /** Response headers, any case. */
  headers: Record<string, string | string[] | undefined>;
  /** Raw body bytes. */
  body: Uint8Array;
}

/** Checks answers against one OpenAPI 3.1 document. */
export interface ContractValidator {
  /** What in the answer the document does not allow; empty when it matches. */
  problems(answer: ObservedAnswer): string[];
}

type Json = Record<string, unknown>;

// Paths that answer HTML for people; the document lists them in prose only.
const PAGE_PATHS = [
  /^\/$/,
  /^\/favicon\.ico$/,
  /^\/servers(\/.*)?$/,
  /^\/dashboard(\/.*)?$/,
  /^\/docs(\/.*)?$/,
  /^\/openapi\.json$/,
  /^\/__admin\/?$/,
];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

function escapePointer(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function lowerHeaders(headers: ObservedAnswer['headers']): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) map.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
  }
  return map;
}

function errorShape(body: unknown): { code: string } | undefined {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (
    typeof error?.code === 'string' &&
    typeof error.message === 'string' &&
    error.message.length > 0 &&
    Object.keys(body as object).length === 1
  ) {
    return { code: error.code };
  }
  return undefined;
}

function parseJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(Buffer.from(bytes).toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/** Builds a validator for `doc` (JSON Schema 2020-12, the dialect of OpenAPI 3.1, through Ajv). */
export function createContractValidator(doc: Json): ContractValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string): ValidateFunction => {
    let fn = compiled.get(pointer);
    if (!fn) {
      fn = ajv.getSchema(`openapi.json#${pointer}`);
      if (!fn) throw new Error(`no schema at ${pointer}`);
      compiled.set(pointer, fn);
    }
    return fn;
  };
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const templates = Object.keys(paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      regex: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('([^/]+)')}$`,
      ),
    }))
    .sort((a, b) => a.params - b.params);

  const deref = (value: Json): { node: Json; pointer: string | undefined } => {
    const ref = value.$ref;
    if (typeof ref !== 'string') return { node: value, pointer: undefined };
    const parts = ref.replace(/^#\//, '').split('/');
    let node: unknown = doc;
    for (const part of parts) node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return { node: node as Json, pointer: ref.slice(1) };
  };

  return {
    problems(answer) {
      const url = new URL(answer.url, 'http://contract.test');
      const path = url.pathname;
      const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
      const headers = lowerHeaders(answer.headers);
      const where = `${answer.method} ${path} → ${answer.status}`;
      const type = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const json = type === 'application/json' ? parseJson(answer.body) : undefined;
      const hasBody = answer.method.toUpperCase() !== 'HEAD' && answer.body.byteLength > 0;

      const match = templates.find((t) => t.regex.test(path));
      const operation = match ? (paths[match.template]?.[method] as Json | undefined) : undefined;
      if (!match || !operation) {
        if (PAGE_PATHS.some((page) => page.test(path))) {
          return answer.status >= 500 ? [`${where}: a page failed`] : [];
        }
        // Outside the contract: the generic 404/405 and the guards of /api/v1 and /__admin, all the error shape.
        if (!json?.ok || !errorShape(json.value)) {
          return [
            `${where}: not in the contract and not the JSON error shape (${type || 'no content type'})`,
          ];
        }
        if (answer.status === 405 && !headers.has('allow')) return [`${where}: 405 without Allow`];
        return answer.status >= 400 && answer.status < 500 ? [] : [`${where}: not in the contract`];
      }

      const responses = operation.responses as Record<string, Json>;
      const injected = json?.ok === true && errorShape(json.value)?.code === 'injected_fault';
      // `default` is the injected-fault answer and nothing else, so an undeclared status is reported as such.
      const key = injected
        ? 'default'
        : [String(answer.status), `${String(answer.status)[0]}XX`].find((k) => k in responses);
      if (key === undefined || !(key in responses)) {
        return [`${where}: status not declared for ${method.toUpperCase()} ${match.template}`];
      }
      const { node: response, pointer: refPointer } = deref(responses[key] as Json);
      const base =
        refPointer ?? `/paths/${escapePointer(match.template)}/${method}/responses/${escapePointer(key)}`;
      const problems: string[] = [];

      for (const [name, raw] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
        const header = deref(raw).node;
        const value = headers.get(name.toLowerCase());
        if (value === undefined) {
          if (header.required === true) problems.push(`${where}: missing header ${name}`);
          continue;
        }
        const schema = header.schema as Json | undefined;
        if (!schema) continue;
        let typed: unknown = value;
        if (schema.type === 'integer' || schema.type === 'number') {
          if (!/^-?\d+(\.\d+)?$/.test(value)) {
            problems.push(`${where}: header ${name} ${JSON.stringify(value)} is not a number`);
            continue;
          }
          typed = Number(value);
        }
        const fn = validatorAt(`${base}/headers/${escapePointer(name)}/schema`);
        if (!fn(typed)) {
          problems.push(`${where}: header ${name} ${JSON.stringify(value)}: ${ajv.errorsText(fn.errors)}`);
        }
      }

      const content = response.content as Record<string, Json> | undefined;
      if (!content) {
        if (hasBody) problems.push(`${where}: a body where the contract declares none`);
        return problems;
      }
      if (answer.method.toUpperCase() === 'HEAD') return problems;
      if (!(type in content)) {
        problems.push(
          `${where}: content type ${type || 'none'} is not one of ${Object.keys(content).join(', ')}`,
        );
        return problems;
      }
      if (type === 'application/json') {
        if (!json?.ok) {
          problems.push(`${where}: the body is not JSON`);
          return problems;
        }
        const fn = validatorAt(`${base}/content/${escapePointer(type)}/schema`);
        if (!fn(json.value)) {
          problems.push(
            `${where}: body ${JSON.stringify(json.value).slice(0, 300)}: ${ajv.errorsText(fn.errors)}`,
          );
        }
      } else if (type === 'image/png') {
        const magic = Buffer.from(answer.body.subarray(0, 8)).toString('hex');
        if (magic !== '89504e470d0a1a0a') problems.push(`${where}: the body is not a PNG`);
      }
      return problems;
    },
  };
}

/** Reads a fetch `Response` (a clone) into an observed answer. */
export async function observe(method: string, url: string, response: Response): Promise<ObservedAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = new Uint8Array(await response.clone().arrayBuffer());
  return { method, url, status: response.status, headers, body };
}

/** Thrown when an answer breaks the contract, so the test that received it fails. */
export class ContractViolation extends Error {
  constructor(problems: string[]) {
    super(`the answer breaks /openapi.json:\n  ${problems.join('\n  ')}`);
    this.name = 'ContractViolation';
  }
}

/** Anything with Hono's `request(input, init)`. */
export interface RequestableApp {
  request(
    input: string | URL | Request,
    init?: RequestInit,
    ...rest: unknown[]
  ): Response | Promise<Response>;
}

/**
 * Makes every `app.request` answer checked against the `/openapi.json` of `source` (default: the app itself),
 * read once. An answer that breaks it throws `ContractViolation`.
 */
export function checkAnswers<T extends RequestableApp>(app: T, source?: RequestableApp): T {
  const original = app.request.bind(app);
  const publisher = source ? source.request.bind(source) : original;
  let validator: ContractValidator | undefined;
  const validatorOf = async () => {
    if (!validator) {
      const doc = (await (await publisher('/openapi.json')).json()) as Json;
      validator = createContractValidator(doc);
    }
    return validator;
  };
  app.request = async (input: string | URL | Request, init?: RequestInit, ...rest: unknown[]) => {
    const response = await original(input, init, ...rest);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    const problems = (await validatorOf()).problems(await observe(method, url, response));
    if (problems.length > 0) throw new ContractViolation(problems);
    return response;
  };
  return app;
}
