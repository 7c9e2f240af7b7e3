import { describe, expect, it } from 'vitest'
import { clientAddress } from '../../../supabase/functions/_shared/clientAddress.ts'

const from = (forwardedFor?: string) =>
  clientAddress(
    new Request('http://functions.local/contact', {
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }),
  )

describe('clientAddress', () => {
  it('takes the hop the platform appended, whatever the client wrote to its left', () => {
    expect(from('203.0.113.9')).toBe('203.0.113.9')
    expect(from('10.0.0.1, 198.51.100.1, 203.0.113.9')).toBe('203.0.113.9')
    expect(from('198.51.100.1,203.0.113.9')).toBe('203.0.113.9')
  })

  it('has no address when there is none or the last hop is not an address', () => {
    expect(from()).toBeNull()
    expect(from('')).toBeNull()
    expect(from('203.0.113.9, unknown')).toBeNull()
    expect(from('203.0.113.9, <script>')).toBeNull()
  })

  it('counts an IPv4 client the same whether or not it arrives IPv6-mapped', () => {
    expect(from('::ffff:203.0.113.9')).toBe('203.0.113.9')
  })

  it('counts an IPv6 client by its /64, since one host can use every address in it', () => {
    const network = from('2001:db8:1:2::1')
    expect(network).toBe('2001:db8:1:2::/64')
    expect(from('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(network)
    expect(from('2001:DB8:1:2:a:b:c:d')).toBe(network)
    expect(from('2001:db8:1:3::1')).not.toBe(network)
    expect(from('::1')).toBe('0:0:0:0::/64')
  })
})
