import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { type ContractValidator, ContractViolation, createContractValidator, observe } from './contract';

/** An answer read off a real socket. */
export interface SocketAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The contract a running mock publishes (read anew each time: a port may serve another mock later). */
export async function contractOf(base: string): Promise<ContractValidator> {
  const { body } = await exchange(base, 'GET', '/openapi.json', {});
  return createContractValidator(JSON.parse(body.toString('utf8')));
}

/**
 * One request on its own connection (no keep-alive); headers are sent as given, `host` included. The answer is
 * checked against the mock's `/openapi.json` (status, headers, body): one that breaks it rejects.
 */
export async function sendOver(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<SocketAnswer> {
  const contract = await contractOf(base);
  return checkedAnswer(contract, method, path, await exchange(base, method, path, options));
}

/** `fetch`, with the answer checked against the `/openapi.json` of the URL's origin (read just before). */
export async function checkedFetch(url: string, init?: RequestInit): Promise<Response> {
  const origin = new URL(url).origin;
  const contract = createContractValidator(await (await fetch(`${origin}/openapi.json`)).json());
  const response = await fetch(url, init);
  const problems = contract.problems(await observe(init?.method ?? 'GET', url, response));
  if (problems.length > 0) throw new ContractViolation(problems);
  return response;
}

/** Holds an answer read off a socket against a contract; throws `ContractViolation` when it breaks it. */
export function checkedAnswer(
  contract: ContractValidator,
  method: string,
  path: string,
  answer: { status: number; headers: SocketAnswer['headers']; body: Buffer },
): SocketAnswer {
  const problems = contract.problems({ method, url: path, ...answer });
  if (problems.length > 0) throw new ContractViolation(problems);
  return { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8') };
}

function exchange(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string },
): Promise<{ status: number; headers: SocketAnswer['headers']; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent: false,
        localAddress: options.localAddress,
        headers: {
          ...(options.body === undefined || options.headers?.['transfer-encoding'] !== undefined
            ? {}
            : { 'content-length': Buffer.byteLength(options.body) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    // The server may answer (413) and close before a large body is written.
    req.on('error', (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    req.end(options.body);
  });
}

/**
 * Writes a whole raw HTTP request and resets the connection at once (RST), without reading the answer: the
 * blind client of a reset-connection attack. Resolves once the socket is closed.
 */
export function sendAndReset(base: string, rawRequest: string, localAddress?: string): Promise<void> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: url.hostname, port: Number(url.port), localAddress });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(rawRequest, () => {
        socket.resetAndDestroy();
      });
    });
    socket.once('close', () => resolve());
    socket.once('timeout', () => reject(new Error('sendAndReset: timed out')));
  });
}

/** A raw HTTP/1.1 request with a JSON body and `Connection: close`. */
export function rawJsonRequest(method: string, path: string, host: string, body: string): string {
  return (
    `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Parses a JSON error answer and returns its code, or throws when the body is not the error shape. */
export function errorCode(answer: SocketAnswer): string {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json'))
    throw new Error(`not JSON (${type}): ${answer.body.slice(0, 200)}`);
  const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
  if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string' || !body.error.message) {
    throw new Error(`not the error shape: ${answer.body.slice(0, 200)}`);
  }
  return body.error.code;
}
