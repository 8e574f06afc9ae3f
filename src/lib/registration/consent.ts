import {useRouteLoaderData} from 'react-router'
import type {CONSENT_NOTICE_QUERY_RESULT} from '#sanity.types.ts'
import {CONSENT_NOTICE_QUERY} from '#src/lib/queries.ts'
import type {LakeReader} from '#shared/lake-query.ts'

export type ConsentNotice = NonNullable<CONSENT_NOTICE_QUERY_RESULT>

/**
 * The consent notice is part of the root route's data: the popup can open on any page,
 * so every page carries the notice it shows under '보기'.
 */
export function loadConsentNotice(lake: LakeReader): Promise<CONSENT_NOTICE_QUERY_RESULT> {
  return lake.fetch(CONSENT_NOTICE_QUERY)
}

export function useConsentNotice(): ConsentNotice | null {
  const data = useRouteLoaderData('root') as {consent?: CONSENT_NOTICE_QUERY_RESULT} | undefined
  return data?.consent ?? null
}
