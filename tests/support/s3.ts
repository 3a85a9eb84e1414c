import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { ROOT } from './server'

/** A local S3-protocol server for a test file: its address, a client of it, and the server's STORAGE=s3 settings. */
export type LocalS3 = {
  endpoint: string
  /** STORAGE=s3 on the first bucket, with s3rver's fixed development credentials. */
  env: Record<string, string>
  client: S3Client
  close(): Promise<void>
}

/** Starts s3rver on a free port with `buckets`, its files in a temp folder removed by `close()`. */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: path.join(work, 's3'),
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  })
  const { port } = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  return {
    endpoint,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: buckets[0],
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    client,
    async close() {
      client.destroy()
      await server.close()
      fs.rmSync(work, { recursive: true, force: true })
    },
  }
}

/**
 * Runs one of our scripts (`args`: the script and its arguments) with `env`. Never spawnSync with a local S3 server:
 * it lives in the test's process and must keep answering while the script runs.
 */
export function runScript(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}
