/** A QR code the server drew (`size` modules a side, the dark ones as one path), on white. */
export function QrCode({
  drawing,
  label,
  className,
}: {
  drawing: {size: number; path: string}
  label: string
  className?: string
}) {
  // A quiet zone of four modules, as scanners expect.
  const side = drawing.size + 8
  return (
    <svg
      className={className}
      viewBox={`-4 -4 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={side} height={side} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  )
}
