/**
 * Where the local auth service lets an email link return: never further than hosted GoTrue.
 * Hosted matches `redirect_to` against each `additional_redirect_urls` entry as a glob whose
 * separators are `.` and `/`, over the whole address without its fragment (supabase/auth
 * v2.196 internal/conf/configuration.go, `glob.MustCompile(uri, '.', '/')`;
 * internal/utilities/request.go, `IsRedirectURLValid`).
 */
import { describe, expect, it } from 'vitest'
import { allowedRedirect } from '../../../scripts/local/supabase/auth/redirects.ts'

const SITE = 'https://folio.example'
const refused = (candidate: string, patterns: string[]) =>
  expect(allowedRedirect(candidate, SITE, patterns), candidate).toBe(SITE)
const allowed = (candidate: string, patterns: string[]) =>
  expect(allowedRedirect(candidate, SITE, patterns), candidate).not.toBe(SITE)

describe('redirect_to against additional_redirect_urls', () => {
  it('takes an address a pattern names whole, its fragment aside', () => {
    allowed('https://preview.folio.example', ['https://preview.folio.example'])
    allowed('https://preview.folio.example#x', ['https://preview.folio.example'])
    allowed('https://pr-7.folio.example/confirm?flow=a', ['https://*.folio.example/**'])
    allowed('https://pr-7.folio.example/confirm', ['https://*.folio.example/*'])
  })

  it('refuses a path or query a pattern does not name', () => {
    refused('https://preview.folio.example/anything', ['https://preview.folio.example'])
    refused('https://preview.folio.example?next=x', ['https://preview.folio.example'])
    refused('https://pr-7.folio.example/a/b', ['https://*.folio.example/*'])
  })

  it('lets * and ? stand for no dot and no slash', () => {
    refused('https://evil.example.folio.example', ['https://*.folio.example'])
    refused('https://evil.example/.folio.example', ['https://*.folio.example/**'])
    refused('https://ab.folio.example', ['https://?.folio.exampl?'])
    allowed('https://a.folio.example', ['https://?.folio.exampl?'])
  })

  it('refuses hosts hosted refuses before it reads a pattern', () => {
    refused('https://2130706433/confirm', ['https://*/**'])
    refused('https://ev_il.example/confirm', ['https://*/**'])
  })
})
