import { z } from 'zod';
import { ConfigError, invalidConfiguration } from './config-error.ts';

const s3EnvSchema = z.object({
  // AWS's rules for bucket names, which MinIO and R2 follow too.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, "." and "-")')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#]/, 'must be an http:// or https:// URL')
    .refine((value) => URL.canParse(value), 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

/** Job results in an S3 bucket (AWS S3, MinIO, R2); absent when S3_BUCKET is not set. */
export type S3Config = {
  bucket: string;
  /** S3_ENDPOINT: the server of an S3-compatible service; AWS S3 when unset. */
  endpoint: string | undefined;
  /** S3_REGION: `us-east-1` unless set (R2 takes `auto`). */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; without them the AWS SDK's own chain (a role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export const s3Config = (env: NodeJS.ProcessEnv): S3Config | undefined => {
  const parsed = s3EnvSchema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const e = parsed.data;
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK credential chain.',
    );
  }
  if (!e.S3_BUCKET) {
    // Settings for a bucket nobody named would quietly keep results on the local disk.
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID'].filter((name) => env[name]);
    if (stray.length > 0) {
      throw new ConfigError(`S3_BUCKET: must be set when ${stray.join(', ')} is set.`);
    }
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/(?<!\/)\/+$/, ''),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
};
