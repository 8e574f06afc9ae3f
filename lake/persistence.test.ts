import {appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import type {SanityDocument} from './documents.ts'
import {DatasetFiles} from './persistence.ts'

const doc = (id: string, n: number): SanityDocument => ({
  _id: id,
  _type: 't',
  _rev: `r${n}`,
  _createdAt: '',
  _updatedAt: '',
  n,
})

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lake-files-'))
})
afterEach(() => rmSync(dir, {recursive: true, force: true}))

describe('write-ahead log and snapshot', () => {
  it('replays logged transactions, deletes included', () => {
    const files = new DatasetFiles(dir)
    expect(files.hasData()).toBe(false)
    files.append({
      transactionId: 't1',
      writes: [
        ['a', doc('a', 1)],
        ['b', doc('b', 1)],
      ],
    })
    files.append({
      transactionId: 't2',
      writes: [
        ['a', doc('a', 2)],
        ['b', null],
      ],
    })
    files.close()
    const loaded = new DatasetFiles(dir).load(true)
    expect([...loaded.values()]).toEqual([doc('a', 2)])
  })

  it('cuts a torn last line (a write never acknowledged) and appends after it', () => {
    const files = new DatasetFiles(dir)
    files.append({transactionId: 't1', writes: [['a', doc('a', 1)]]})
    files.close()
    appendFileSync(join(dir, 'wal.ndjson'), '{"transactionId":"t2","writes":[["b",{"_id":"b"')
    const reopened = new DatasetFiles(dir)
    expect([...reopened.load(true).keys()]).toEqual(['a'])
    reopened.append({transactionId: 't3', writes: [['c', doc('c', 1)]]})
    reopened.close()
    expect([...new DatasetFiles(dir).load(true).keys()]).toEqual(['a', 'c'])
  })

  it('refuses a log damaged in the middle instead of dropping transactions', () => {
    const files = new DatasetFiles(dir)
    files.append({transactionId: 't1', writes: [['a', doc('a', 1)]]})
    files.close()
    appendFileSync(join(dir, 'wal.ndjson'), 'garbage\n{"transactionId":"t3","writes":[]}\n')
    expect(() => new DatasetFiles(dir).load(true)).toThrow(/Corrupt/)
  })

  it('compaction writes a snapshot and empties the log', () => {
    const files = new DatasetFiles(dir)
    const docs = files.load(true)
    files.append({transactionId: 't1', writes: [['a', doc('a', 1)]]})
    docs.set('a', doc('a', 1))
    files.compact(docs.values())
    files.close()
    expect(statSync(join(dir, 'wal.ndjson')).size).toBe(0)
    expect(JSON.parse(readFileSync(join(dir, 'snapshot.ndjson'), 'utf8'))).toEqual(doc('a', 1))
    expect([...new DatasetFiles(dir).load(true).values()]).toEqual([doc('a', 1)])
  })

  it('a crash between snapshot rename and log truncation replays harmlessly', () => {
    const files = new DatasetFiles(dir)
    files.append({
      transactionId: 't1',
      writes: [
        ['a', doc('a', 1)],
        ['b', doc('b', 1)],
      ],
    })
    files.append({transactionId: 't2', writes: [['b', null]]})
    files.close()
    // The snapshot already holds the log's effects, the log was not emptied yet.
    writeFileSync(join(dir, 'snapshot.ndjson'), `${JSON.stringify(doc('a', 1))}\n`)
    expect([...new DatasetFiles(dir).load(true).values()]).toEqual([doc('a', 1)])
  })
})
