import {existsSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {DatasetStore} from './dataset-store.ts'
import {isValidDatasetName} from './documents.ts'
import {seedDataset} from './seed.ts'

export interface DatasetsOptions {
  dataDir: string
  contentDir: string
  projectId: string
  /** The lake's public URL, for the absolute `url` of asset documents. */
  baseUrl: string
  log: (line: string) => void
}

/**
 * Every dataset of the lake, opened on first use from `<dataDir>/lake/<name>/`. A dataset
 * with nothing stored yet is seeded from `<contentDir>/<name>.ndjson` when that exists.
 */
export class Datasets {
  private readonly open = new Map<string, Promise<DatasetStore>>()

  constructor(private readonly options: DatasetsOptions) {}

  dir(name: string): string {
    return join(this.options.dataDir, 'lake', name)
  }

  get(name: string): Promise<DatasetStore> {
    let store = this.open.get(name)
    if (!store) {
      store = this.load(name)
      this.open.set(name, store)
      // A failed seed must not leave a broken promise behind for later requests.
      store.catch(() => this.open.delete(name))
    }
    return store
  }

  /** The datasets opened so far. */
  names(): string[] {
    return [...this.open.keys()]
  }

  /** Opens (and so seeds, when needed) every dataset that has a seed file. */
  async openSeeded(): Promise<void> {
    const {contentDir} = this.options
    if (!existsSync(contentDir)) return
    for (const file of readdirSync(contentDir)) {
      const name = file.replace(/\.ndjson$/, '')
      if (file.endsWith('.ndjson') && isValidDatasetName(name)) await this.get(name)
    }
  }

  async close(): Promise<void> {
    const stores = await Promise.allSettled(this.open.values())
    await Promise.all(stores.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)))
  }

  private async load(name: string): Promise<DatasetStore> {
    const {contentDir, projectId, baseUrl, log} = this.options
    const store = DatasetStore.open(this.dir(name), baseUrl)
    if (store.isEmpty) {
      const count = await seedDataset(
        {store, datasetDir: this.dir(name), projectId, dataset: name},
        contentDir,
      )
      if (count !== undefined)
        log(
          `Seeded dataset "${name}" with ${count} documents ` +
            `from ${join(contentDir, `${name}.ndjson`)}`,
        )
    }
    return store
  }
}
