// s3rver (tests' local S3-compatible stand-in) ships no types: the part the tests use.
declare module 's3rver' {
  type Options = { address?: string; port?: number; silent?: boolean; directory?: string; configureBuckets?: { name: string; configs?: unknown[] }[]; resetOnClose?: boolean };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
