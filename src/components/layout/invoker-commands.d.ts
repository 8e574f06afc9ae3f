import 'react'

declare module 'react' {
  /** Invoker commands: the button acts on the element `commandfor` names, with no script. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the augmented interface's own parameter
  interface ButtonHTMLAttributes<T> {
    command?:
      'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover'
    commandfor?: string
  }
}
