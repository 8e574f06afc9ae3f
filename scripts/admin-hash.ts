/**
 * `npm run admin:hash -- [email] [password]`: prints an `email:hash` pair for ADMIN_USERS.
 * Whatever is not given as an argument is asked for (the password without echo), or read
 * from standard input when it is not a terminal (`echo "$PW" | npm run admin:hash -- a@b.kr`),
 * which keeps the password out of the shell history and the process list.
 */
import {createInterface, type Interface} from 'node:readline'
import {normalizeEmail} from '../netlify/functions/_shared/auth/admin-users.ts'
import {hashPassword} from '../netlify/functions/_shared/auth/password.ts'

const MIN_PASSWORD_LENGTH = 8

function ask(question: string, hidden: boolean): Promise<string> {
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
  }) as Interface & {
    _writeToOutput(text: string): void
  }
  process.stdout.write(question)
  // readline echoes what is typed through this method; silencing it hides the password.
  if (hidden) rl._writeToOutput = () => undefined
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close()
      if (hidden) process.stdout.write('\n')
      resolve(answer)
    })
  })
}

async function readStdinLines(): Promise<string[]> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const [emailArg, passwordArg] = process.argv.slice(2)
const interactive = process.stdin.isTTY === true
const piped = interactive || (emailArg && passwordArg) ? [] : await readStdinLines()

const email = normalizeEmail(
  emailArg ?? (interactive ? await ask('관리자 이메일: ', false) : (piped.shift() ?? '')),
)
if (!/^[^\s:,@]+@[^\s:,@]+\.[^\s:,@]+$/.test(email)) fail('올바른 이메일 주소를 입력해 주세요.')

const password =
  passwordArg ?? (interactive ? await ask('비밀번호: ', true) : (piped.shift() ?? ''))
if ([...password].length < MIN_PASSWORD_LENGTH)
  fail(`비밀번호는 ${MIN_PASSWORD_LENGTH}자 이상이어야 합니다.`)
if (interactive && !passwordArg && (await ask('비밀번호 확인: ', true)) !== password)
  fail('비밀번호가 서로 다릅니다.')

console.log(`${email}:${await hashPassword(password)}`)
