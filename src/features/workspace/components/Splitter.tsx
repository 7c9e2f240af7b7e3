import { useRef } from 'react'

interface SplitterProps {
  /** What it resizes, for screen readers: "Resize the document list". */
  label: string
  /** The id of the pane whose size it sets. */
  controls: string
  value: number
  min: number
  max: number
  /** How much one arrow key press moves it. */
  step: number
  valueText: string
  onChange: (value: number) => void
  /** The value for a pointer at this horizontal position (viewport pixels). */
  valueAt: (clientX: number) => number
}

/**
 * A vertical divider between two panes, dragged with the mouse, a finger or a pen, or moved
 * with the arrow keys once focused (Home and End go to the limits), as the WAI-ARIA window
 * splitter pattern describes.
 */
export function Splitter(props: SplitterProps) {
  const dragging = useRef(false)
  const { value, min, max, step, onChange } = props
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={props.label}
      aria-controls={props.controls}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={props.valueText}
      tabIndex={0}
      className="splitter"
      onPointerDown={(event) => {
        if (event.button !== 0) return
        event.preventDefault()
        dragging.current = true
        event.currentTarget.setPointerCapture(event.pointerId)
      }}
      onPointerMove={(event) => {
        if (dragging.current) onChange(props.valueAt(event.clientX))
      }}
      onPointerUp={(event) => {
        dragging.current = false
        event.currentTarget.releasePointerCapture(event.pointerId)
      }}
      onPointerCancel={() => {
        dragging.current = false
      }}
      onKeyDown={(event) => {
        const next =
          event.key === 'ArrowLeft' || event.key === 'ArrowDown'
            ? value - step
            : event.key === 'ArrowRight' || event.key === 'ArrowUp'
              ? value + step
              : event.key === 'Home'
                ? min
                : event.key === 'End'
                  ? max
                  : null
        if (next === null) return
        event.preventDefault()
        onChange(next)
      }}
    />
  )
}
