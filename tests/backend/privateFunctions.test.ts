/**
 * Functions in the `private` schema are not callable by API roles, except the few that
 * policies (and current_plan) call as the caller, and the purge for the service role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

/** Runs `sql` as PostgREST would for a request with these claims; the error code if refused. */
async function asRole(role: string, claims: Record<string, unknown>, sql: string) {
  return backend.db
    .transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role, ...claims }),
      ])
      await tx.exec(`set local role ${role}`)
      return (await tx.query(sql)).rows[0]
    })
    .then(
      (row) => ({ ok: true as const, row }),
      (error: { code?: string }) => ({ ok: false as const, code: error.code }),
    )
}

const CALLABLE_BY = {
  anon: [] as string[],
  authenticated: ['assurance_level_satisfied', 'is_attachment_type', 'is_pro', 'session_is_active'],
  service_role: ['assurance_level_satisfied', 'is_pro', 'purge_deleted_documents'],
}

describe('private functions', () => {
  it('are executable by API roles only where a policy or the purge needs them', async () => {
    const granted = await backend.db.transaction((tx) =>
      tx.query<{ role: string; name: string }>(
        `select r.role, p.proname as name
           from pg_proc p
           cross join unnest(array['anon', 'authenticated', 'service_role']) as r(role)
          where p.pronamespace = 'private'::regnamespace
            and has_function_privilege(r.role, p.oid, 'EXECUTE')
          order by 1, 2`,
      ),
    )
    const byRole = (role: string) => granted.rows.filter((r) => r.role === role).map((r) => r.name)
    expect(byRole('anon')).toEqual(CALLABLE_BY.anon)
    expect(byRole('authenticated')).toEqual(CALLABLE_BY.authenticated)
    expect(byRole('service_role')).toEqual(CALLABLE_BY.service_role)
  })

  it("refuses a signed-in user who asks about another user's two-factor or runs a trigger", async () => {
    const victim = await signedInUser(backend, 'private-victim')
    const attacker = await signedInUser(backend, 'private-attacker')
    const claims = { sub: attacker.id, aal: 'aal1' }
    const probe = await asRole(
      'authenticated',
      claims,
      `select private.has_verified_factor('${victim.id}')`,
    )
    expect(probe).toEqual({ ok: false, code: '42501' })
    const purge = await asRole('authenticated', claims, `select private.purge_deleted_documents()`)
    expect(purge).toEqual({ ok: false, code: '42501' })

    // What still has to work as the caller does: the plan, and writing documents (triggers).
    expect((await attacker.supabase.rpc('current_plan')).data).toBe('free')
    const doc = await attacker.supabase.from('documents').insert({ title: 'Mine' }).select('title')
    expect(doc.data).toEqual([{ title: 'Mine' }])
  })

  it('leave current_plan to signed-in callers: the anon key is refused without word of them', async () => {
    // Granted to PUBLIC, it ran for the anon key until its first private call, and the refusal
    // named the private schema behind it.
    const { data, error } = await client(backend).rpc('current_plan')
    expect(data).toBeNull()
    expect(error).toMatchObject({
      code: '42501',
      message: 'permission denied for function current_plan',
    })
  })
})
