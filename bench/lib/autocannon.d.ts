// The subset of autocannon 9's library API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  /** One request template; `setupRequest` may rewrite it before each send. */
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  /** Options of one autocannon run. */
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    /** Total requests to send; the run ends after them (instead of after `duration`). */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
    timeout?: number;
  }
  /** Latency percentiles in milliseconds. */
  export interface AutocannonLatency {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  /** Aggregate of one run. */
  export interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: AutocannonLatency;
    requests: { average: number; total: number; sent: number };
  }
  /** The running load: a promise of the aggregate that also emits each answer with its exact latency. */
  export interface AutocannonInstance extends Promise<AutocannonResult> {
    stop(): void;
    /** `responseTime` is the answer's latency in ms with decimals (the histogram keeps whole ms). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }
  /** Runs the load and resolves with the aggregate. */
  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
