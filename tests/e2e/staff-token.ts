import {inject} from 'vitest'

/** An access token of the stack's administrator, as the staff's sign-in answers it. */
export async function staffToken(): Promise<string> {
  const login = await fetch(`${inject('baseUrl')}/api/admin/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({email: inject('adminEmail'), password: inject('adminPassword')}),
  })
  return ((await login.json()) as {accessToken: string}).accessToken
}
