import type {LoadHook} from 'node:module'

export function warmRuntime(source: string): string
export const load: LoadHook
