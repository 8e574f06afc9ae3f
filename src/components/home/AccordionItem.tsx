import type {ReactNode} from 'react'

interface Props {
  /** Unique on the page: the button and panel ids derive from it. */
  id: string
  title: ReactNode
  open: boolean
  onToggle: () => void
  headingLevel: 2 | 3
  className?: string
  children: ReactNode
}

/**
 * One item of a disclosure accordion (WAI-ARIA accordion pattern): a heading holding a
 * button that says whether its panel is expanded and which panel it controls. Closed panels
 * are `hidden`; home.css shows them all when scripting is off, so the page reads without JS.
 */
export function AccordionItem({
  id,
  title,
  open,
  onToggle,
  headingLevel,
  className = '',
  children,
}: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={`accordion-item ${open ? 'is-open' : ''} ${className}`}>
      <Heading className="accordion-item__heading">
        <button
          type="button"
          id={`${id}-button`}
          className="accordion-item__button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
        >
          <span>{title}</span>
          <span className="accordion-item__icon" aria-hidden="true" />
        </button>
      </Heading>
      <div
        id={`${id}-panel`}
        className="accordion-item__panel"
        role="region"
        aria-labelledby={`${id}-button`}
        hidden={!open}
      >
        {children}
      </div>
    </div>
  )
}
