// s3rver ships no types; the scale test uses this much of it.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory?: string;
      silent?: boolean;
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
