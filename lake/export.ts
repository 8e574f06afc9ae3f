import {resolve} from 'node:path'
import {readConfig} from '../config/settings.ts'
import {exportDataset} from './export-dataset.ts'

/**
 * `npm run lake:export -- <out.tar.gz>`: the configured dataset as a `sanity dataset import`
 * tarball.
 */
const out = process.argv[2]
if (!out) {
  console.error('Usage: npm run lake:export -- <out.tar.gz>')
  process.exit(2)
}
const config = readConfig()
const {documents, assets} = await exportDataset({
  dataDir: config.dataDir,
  dataset: config.dataset,
  out: resolve(out),
})
console.log(
  `Exported ${documents} documents and ${assets} assets of "${config.dataset}" to ${resolve(out)}`,
)
