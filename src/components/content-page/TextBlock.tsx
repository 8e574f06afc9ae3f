/** Editor text with line breaks: one paragraph per line, empty lines dropped. */
export function TextBlock({
  text,
  className,
}: {
  text: string | null | undefined
  className?: string
}) {
  const paragraphs = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  if (paragraphs.length === 0) return null
  return (
    <div className={className}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  )
}
