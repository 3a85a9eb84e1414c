// One load run of the benchmark: autocannon against `url`, every request to the next of `paths` (cycled; one
// path for the same address every time). The full benchmark runs it in a process of its own, so the load
// generator never shares an event loop with the bench, and prints autocannon's result as JSON:
//   node scripts/bench/load.mjs <spec.json>
//   spec: { url, paths: string[], connections, duration?, amount?, headers?, hosts?, sampleInt?, countCacheHits? }
// With `hosts`, every request's Host header is the next of them (cycled): many villages of one install
// (REGENCY_HOST, scripts/bench/many-villages.mjs).
// With `countCacheHits`, the result's `cacheHits` is the number of answers the server's response cache gave
// (`X-Cache: HIT`).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

export async function runLoad(spec) {
  const paths = spec.paths?.length ? spec.paths : ['/']
  const hosts = spec.hosts?.length ? spec.hosts : undefined
  let next = 0
  let nextHost = 0
  let cacheHits = 0
  const counted = spec.countCacheHits
    ? {
        onResponse(_status, _body, _context, headers) {
          for (const name in headers) if (name.toLowerCase() === 'x-cache' && headers[name] === 'HIT') cacheHits++
        },
      }
    : {}
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.duration }),
    headers: spec.headers ?? {},
    // How often autocannon samples, and so when a run of `amount` requests notices it is done (default 1 s).
    ...(spec.sampleInt ? { sampleInt: spec.sampleInt } : {}),
    // A request that does not answer in 10 s counts as a timeout (an error of the run), as with the CLI.
    timeout: 10,
    requests:
      paths.length === 1 && !hosts
        ? [{ method: 'GET', path: paths[0], ...counted }]
        : [
            {
              method: 'GET',
              setupRequest(request) {
                request.path = paths[next++ % paths.length]
                if (hosts) request.headers = { ...request.headers, Host: hosts[nextHost++ % hosts.length] }
                return request
              },
              ...counted,
            },
          ],
  })
  return spec.countCacheHits ? { ...result, cacheHits } : result
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await runLoad(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')))
  process.stdout.write(JSON.stringify(result))
}
