declare module 'virtual:page-script' {
  /**
   * The page script's code, built into one inline script (src/build-steps/page-script-plugin.ts).
   */
  const code: string
  export default code
}
