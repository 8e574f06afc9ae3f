import type {EventEmitter} from 'node:events'

export interface Call {
  clientContext: string
  environment: Record<string, string>
  event: unknown
  entryFilePath: string
  timeoutMs: number
}

export function borrowWarmInstance(
  runtimeWorkerUrl: URL,
  options: {env: NodeJS.ProcessEnv; workerData: Call},
): EventEmitter
