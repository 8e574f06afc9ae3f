import {validateDocument, type ValidationMarker} from 'sanity'
import {describe, expect, it} from 'vitest'
import {testWorkspace as workspace} from '../test-workspace.ts'
import {LINK_HREF_MESSAGE} from '../rules/linkHref.ts'

/** The markers of a privacy policy whose one paragraph links to `href`. */
async function linkMarkers(href: string): Promise<ValidationMarker[]> {
  const document = {
    _id: 'privacy',
    _type: 'privacy',
    _rev: 'r',
    _createdAt: '2025-01-01T00:00:00Z',
    _updatedAt: '2025-01-01T00:00:00Z',
    policy: [
      {
        _type: 'block',
        _key: 'b1',
        style: 'normal',
        markDefs: [{_type: 'link', _key: 'l1', href}],
        children: [{_type: 'span', _key: 's1', text: '자세히 보기', marks: ['l1']}],
      },
    ],
  }
  const markers = await validateDocument({
    document,
    workspace,
    environment: 'studio',
    getDocumentExists: async () => true,
  })
  return markers.filter((marker) => marker.path[0] === 'policy' && marker.level === 'error')
}

describe('links in rich text', () => {
  it('accept web addresses, e-mail and phone links and site paths', async () => {
    for (const href of [
      'https://www.example.com/news',
      'mailto:press@soldam.example',
      'tel:1661-0440',
      '/Brand/intro',
    ]) {
      expect(await linkMarkers(href), href).toEqual([])
    }
  })

  it('refuse any other scheme and control-character tricks, with the Korean message', async () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'https://example.com/\u0007',
      '//evil.example/x',
    ]) {
      const markers = await linkMarkers(href)
      expect(markers.length, JSON.stringify(href)).toBeGreaterThan(0)
    }
    expect((await linkMarkers('javascript:alert(1)')).map((marker) => marker.message)).toContain(
      LINK_HREF_MESSAGE,
    )
  })
})
