import { computed, h } from 'vue'
import { NTag, type DataTableColumns } from 'naive-ui'
import { useI18n } from 'vue-i18n'
import type { BulkResultRow } from '../../../../preload/contract/bulk/bulk-channels'
import { spreadsheetLine } from '../../../../preload/contract/bulk/spreadsheet-line'
import { explainStored } from '../../platform/i18n'
import { bulkOutcomeLabel, bulkOutcomeSeverity } from './outcome-names'

/** The bulk results table's columns for the `rows` shown of a job sent to `jobEnvironment`. */
export function useBulkResultColumns(
  rows: () => readonly BulkResultRow[],
  jobEnvironment: () => string | undefined,
) {
  const { t } = useI18n()
  /** Rows sent elsewhere than the job's environment: only then is a column of it worth its width. */
  const showsEnvironment = computed(() =>
    rows().some((row) => row.environmentName !== jobEnvironment()),
  )
  /** The message's least width: the table scrolls sideways only when that is not left over. */
  const MESSAGE_WIDTH_MIN = 200
  const columns = computed<DataTableColumns<BulkResultRow>>(() => [
    {
      title: t('bulk.columns.row'),
      key: 'rowNumber',
      width: 80,
      render: (row) => spreadsheetLine(row.rowNumber),
    },
    ...(showsEnvironment.value
      ? [
          {
            title: t('bulk.columns.environment'),
            key: 'environmentName',
            width: 140,
            ellipsis: { tooltip: true },
          },
        ]
      : []),
    { title: t('bulk.columns.profile'), key: 'profileId', width: 110, ellipsis: { tooltip: true } },
    {
      title: t('bulk.columns.orderId'),
      key: 'clientOrderId',
      width: 160,
      ellipsis: { tooltip: true },
    },
    {
      title: t('bulk.columns.state'),
      key: 'state',
      width: 120,
      render: (row) =>
        h(
          NTag,
          { size: 'small', type: row.state === 'unknown' ? 'warning' : 'default' },
          { default: () => t(`bulk.rowStates.${row.state}`) },
        ),
    },
    {
      title: t('bulk.columns.outcome'),
      key: 'outcome',
      width: 130,
      render: ({ outcome }) =>
        outcome
          ? h(
              NTag,
              { size: 'small', type: bulkOutcomeSeverity(outcome) },
              { default: () => bulkOutcomeLabel(outcome) },
            )
          : '—',
    },
    {
      title: t('bulk.columns.serialNumber'),
      key: 'serialNumber',
      width: 150,
      ellipsis: { tooltip: true },
    },
    {
      title: t('bulk.columns.message'),
      key: 'message',
      minWidth: MESSAGE_WIDTH_MIN,
      ellipsis: { tooltip: { contentStyle: { maxWidth: '480px' } } },
      render: explainStored,
    },
  ])
  const scrollWidth = computed(
    () =>
      columns.value.reduce((sum, column) => sum + Number('width' in column ? column.width : 0), 0) +
      MESSAGE_WIDTH_MIN,
  )

  return { columns, scrollWidth }
}
