import { describe, expect, it } from 'vitest'
import { reportFileUrl } from '../../../renderer/src/features/reports/pdf/report-file-url'

const fileId = '0f9c6a52-7d2e-4d8a-9c1b-2f3e4a5b6c7d'

describe('where the window reads a report file', () => {
  it('is its own origin in the app and the e2e harness', () => {
    expect(reportFileUrl(fileId, { href: 'app://gatedesk/index.html#/reports', dev: false })).toBe(
      `app://gatedesk/report-files/${fileId}`,
    )
    expect(reportFileUrl(fileId, { href: 'http://127.0.0.1:40123/index.html', dev: false })).toBe(
      `http://127.0.0.1:40123/report-files/${fileId}`,
    )
  })

  it('is main’s app:// protocol under the dev server, whatever the page’s origin', () => {
    expect(reportFileUrl(fileId, { href: 'http://localhost:5173/#/reports', dev: true })).toBe(
      `app://gatedesk/report-files/${fileId}`,
    )
  })

  it('keeps an id inside its path segment', () => {
    expect(reportFileUrl('../../secret', { href: 'app://gatedesk/index.html', dev: false })).toBe(
      'app://gatedesk/report-files/..%2F..%2Fsecret',
    )
  })
})
