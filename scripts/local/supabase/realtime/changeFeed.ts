import { jsonRows } from '../db/database.ts'
import type { Database } from '../db/database.ts'

export interface RowChange {
  id: number
  schema_name: string
  table_name: string
  change_type: 'INSERT' | 'UPDATE' | 'DELETE'
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  commit_timestamp: string
}

/**
 * Drains the queue the capture trigger fills (see bootstrap.sql) and hands each change
 * to `deliver`, in commit order. Calls that arrive while a drain runs are coalesced into
 * one more pass, so a burst of writes costs a handful of drains, not one per write.
 */
export class ChangeFeed {
  private running = false
  private again = false
  private idle: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Database,
    private readonly deliver: (change: RowChange) => Promise<void>,
  ) {}

  poke(): void {
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    this.idle = this.loop().finally(() => {
      this.running = false
    })
  }

  /** Resolves when every poked change has been delivered (tests, shutdown). */
  settled(): Promise<void> {
    return this.idle
  }

  private async loop(): Promise<void> {
    do {
      this.again = false
      try {
        const changes = await this.db.transaction((tx) =>
          jsonRows<RowChange>(
            tx,
            `delete from _local_realtime.changes where id in (select id from _local_realtime.changes order by id limit 500)
             returning id, schema_name, table_name, change_type, record, old_record, commit_timestamp`,
          ),
        )
        changes.sort((a, b) => a.id - b.id)
        for (const change of changes) await this.deliver(change)
        if (changes.length === 500) this.again = true
      } catch (error) {
        console.error('[realtime] could not read changes', error)
      }
    } while (this.again)
  }
}
