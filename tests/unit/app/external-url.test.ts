import { describe, expect, it } from 'vitest'
import { externalUrlToOpen } from '../../../main/app/security/external-url'

describe('externalUrlToOpen', () => {
  it('opens http and https links', () => {
    expect(externalUrlToOpen('https://support.example.com/keys?a=1')).toBe(
      'https://support.example.com/keys?a=1',
    )
    expect(externalUrlToOpen('http://example.com')).toBe('http://example.com/')
  })

  it('refuses every other scheme, credentials in the URL, and non-URLs', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://gatedesk/index.html',
      'https://user:pw@example.com/',
      'HTTPS//missing-colon',
      '',
    ]) {
      expect(externalUrlToOpen(url), url).toBeNull()
    }
  })
})
