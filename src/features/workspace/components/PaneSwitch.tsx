export type PaneName = 'editor' | 'preview'

interface PaneSwitchProps {
  shown: PaneName
  onShow: (pane: PaneName) => void
}

/** Narrow screens have room for one pane: this switches between writing and the preview. */
export function PaneSwitch({ shown, onShow }: PaneSwitchProps) {
  return (
    <div className="pane-switch" role="group" aria-label="Show">
      {(
        [
          ['editor', 'Write'],
          ['preview', 'Preview'],
        ] as const
      ).map(([pane, label]) => (
        <button
          key={pane}
          type="button"
          className="pane-switch__button"
          aria-pressed={shown === pane}
          onClick={() => onShow(pane)}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
