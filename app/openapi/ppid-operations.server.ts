// The schemas the routes of the public-information cycle declare their operations with (docs/api.md "Public
// information, the whole cycle"), beside app/openapi/operations.server.ts.
export { publicListedReportResponse } from '~/models/citizen-services/report.server'
export {
  fileObjectionSchema as objectionFileInput,
  filedObjectionResponse,
  objectionResponse,
  publicObjectionResponse,
} from '~/models/citizen-services/objection.server'
export {
  dipEntryInput,
  dipEntryResponse,
  dipItemResponse,
  registerRowResponse,
  annualReportResponse,
} from '~/models/village-info/ppid-dip.server'
