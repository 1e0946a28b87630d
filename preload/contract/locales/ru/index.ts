import type { Translation } from '../message-schema'
import type { MessageSchema } from '../en'
import { accessibility } from './accessibility'
import { bulk } from './bulk'
import { cli } from './cli'
import { common } from './common'
import { environments } from './environments'
import { history } from './history'
import { keys } from './keys'
import { main } from './main'
import { recurring } from './recurring'
import { reportGrid } from './report-grid'
import { reportPivot } from './report-pivot'
import { reportFilter } from './report-filter'
import { reportOutdated } from './report-outdated'
import { reportPdf } from './report-pdf'
import { reportPrint } from './report-print'
import { reportRequest } from './report-request'
import { reportViews } from './report-views'
import { recentReports } from './recent-reports'
import { reports } from './reports'
import { sandbox } from './sandbox'
import { shell } from './shell'
import { workspace } from './workspace'

export const ru: Translation<MessageSchema> = {
  common,
  accessibility,
  shell,
  keys,
  environments,
  history,
  sandbox,
  recurring,
  reports,
  reportPdf,
  reportPrint,
  reportRequest,
  reportViews,
  recentReports,
  reportOutdated,
  reportGrid,
  reportPivot,
  reportFilter,
  bulk,
  workspace,
  main,
  cli,
}
