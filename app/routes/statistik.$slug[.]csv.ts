export { statisticCsvLoader as loader } from '~/doors/statistics.server'
