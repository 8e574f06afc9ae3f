import {type Header, parseAllHeaders} from '@netlify/headers-parser'

/** The header rules of a netlify.toml, as Netlify reads them. */
export async function configHeaderRules(netlifyConfigPath: string): Promise<Header[]> {
  const {headers, errors} = await parseAllHeaders({
    headersFiles: [],
    netlifyConfigPath,
    minimal: false,
    configHeaders: [],
  })
  if (errors.length > 0) throw new Error(errors.map((error) => error.message).join('; '))
  return headers as Header[]
}

/** The headers `rules` give `path` (names in lower case; a later rule's value wins). */
export function headersFor(path: string, rules: readonly Header[]): Map<string, string> {
  const headers = new Map<string, string>()
  for (const rule of rules)
    if (rule.forRegExp.test(path))
      for (const [name, value] of Object.entries(rule.values))
        headers.set(name.toLowerCase(), value)
  return headers
}
