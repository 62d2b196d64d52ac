// Just the part of autocannon's programmatic API the benchmark uses (autocannon ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };
    type Request = RawRequest & {
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | null;
    };
    type Histogram = {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    } & Record<string, number>;
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      verifyBody?: (body: string) => boolean;
      title?: string;
    };
    type Result = {
      title?: string;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
    };
    type Instance = EventEmitter & { stop: () => void } & PromiseLike<Result>;
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
