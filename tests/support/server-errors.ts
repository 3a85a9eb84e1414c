import type { TestServer } from './server'

/**
 * At the end of a run, the error lines of a shared test server (a 500 answered to some test, a failed background
 * write): a failing test then shows the server's side of the story, stack included. Nothing is printed when none.
 */
export function reportServerErrors(server: TestServer) {
  const errors = server
    .output()
    .split('\n')
    .filter((line) => /"level":"(error|fatal)"/.test(line))
  if (errors.length)
    console.error(
      `[test] the shared server at ${server.url} logged ${errors.length} error(s):\n${errors.slice(0, 20).join('\n')}`,
    )
}
