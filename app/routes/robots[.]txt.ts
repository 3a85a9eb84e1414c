import { robotsLoader } from '~/doors/site-files.server'

/** GET /robots.txt */
export const loader = robotsLoader
