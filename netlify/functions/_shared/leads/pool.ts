/**
 * Runs `task` over `items` with at most `concurrency` at a time. `keepGoing` is asked
 * before each new item starts, so a job can stop starting work when its time is up.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
  keepGoing: () => boolean = () => true,
): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length && keepGoing()) await task(items[next++]!)
  }
  await Promise.all(Array.from({length: Math.min(concurrency, items.length)}, worker))
}
